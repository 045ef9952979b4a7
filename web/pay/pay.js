/* Hosted payment page (src/modules/pay/): copy buttons, countdown, browser wallet (EIP-1193) and
   live status (server-sent events, polling as a fallback). Plain script, no dependencies, no
   requests to any other origin. The page is complete without it.
   Rule: the page says "confirmed" only when the service's status says confirmed (or settled). */
(function () {
  "use strict";
  var dataEl = document.getElementById("pay-data");
  if (!dataEl) return;
  var data = JSON.parse(dataEl.textContent);
  // The intent's token (its stored pair), as the server renders it.
  var TOKEN = data.token;
  var $ = function (id) { return document.getElementById(id); };
  var skew = Date.parse(data.server_now) - Date.now(); // server clock minus ours
  var state = data.state;
  var sentHash = null; // a transaction this page's wallet button sent
  var relayed = false; // sentHash is the service's relay of a signature (no gas paid by the customer)
  var POLL_MS = 3000;
  var REDIRECT_MS = 3000; // long enough to read "Payment confirmed" before leaving
  var redirecting = false;

  var FULL_VALUE = data.value_text; // the whole amount to send, in the token's units
  var TEXTS = {
    awaiting_payment: ["Awaiting payment", "Send exactly the amount below. This page updates by itself when the payment arrives."],
    confirmed: ["Payment confirmed", "Thank you. The merchant has received your payment."],
    expired: ["This payment request has expired", "A payment sent now is still recorded and the merchant will see it, but it is no longer tied to this order automatically. Contact the merchant if you already paid."],
    cancelled: ["This payment request was cancelled", "Do not send a payment. A payment sent anyway is recorded and the merchant will see it."]
  };
  TEXTS.settled = TEXTS.confirmed;

  function shortHash(h) { return h.slice(0, 10) + "\u2026" + h.slice(-8); }
  function txNode(hash) {
    var code = document.createElement("code");
    code.textContent = shortHash(hash);
    code.title = hash;
    if (!data.tx_url) return code;
    var a = document.createElement("a");
    a.href = data.tx_url + hash;
    a.rel = "noreferrer noopener";
    a.target = "_blank";
    a.appendChild(code);
    return a;
  }
  function utc(iso) { return iso.replace("T", " ").replace(/\.\d+Z$/, " UTC"); }
  function extraTitle(status) {
    if (status === "expired") return "A payment arrived after this request expired";
    if (status === "cancelled") return "A payment arrived after this request was cancelled";
    return "Another payment was received for this request";
  }

  var EXTRA_NOTE = "It is recorded and the merchant can see it. Contact the merchant about it.";
  var MISMATCH_TITLE = "A payment with a different amount arrived";
  function mismatchNote() {
    return "It was not the exact amount of this request (" + $("usdc-amount").textContent + " " + TOKEN + "), so it was not applied to it. It is recorded and the merchant can see it; contact the merchant.";
  }
  // What the live status region says of a late, extra or wrong-amount payment (page.ts
  // paymentNotes, the same words): visually hidden, the lists below show it to the eye.
  function paymentNotes(s) {
    var amounts = function (items) { return items.map(function (t) { return t.usdc + " " + TOKEN; }).join(", "); };
    var notes = [];
    if ((s.extra_payments || []).length) notes.push(extraTitle(s.status) + ": " + amounts(s.extra_payments) + ". " + EXTRA_NOTE);
    if ((s.mismatched_payments || []).length) notes.push(MISMATCH_TITLE + ": " + amounts(s.mismatched_payments) + ". " + mismatchNote());
    return notes.join(" ");
  }
  function sayNotes(s) {
    var text = paymentNotes(s);
    if ($("status-notes").textContent !== text) $("status-notes").textContent = text;
  }

  function renderList(id, title, note, items) {
    var box = $(id);
    if (!box) return;
    box.textContent = "";
    box.hidden = items.length === 0;
    if (!items.length) return;
    var h = document.createElement("h2");
    h.textContent = title;
    box.appendChild(h);
    var p = document.createElement("p");
    p.textContent = note;
    box.appendChild(p);
    var ul = document.createElement("ul");
    items.forEach(function (t) {
      var li = document.createElement("li");
      li.appendChild(document.createTextNode(t.usdc + " " + TOKEN + ", transaction "));
      li.appendChild(txNode(t.tx_hash));
      ul.appendChild(li);
    });
    box.appendChild(ul);
  }

  function apply(s) {
    state = s;
    var confirmed = (s.status === "confirmed" || s.status === "settled") && !!s.receipt;
    var open = s.status === "awaiting_payment";
    var key = confirmed ? "confirmed" : s.status;
    var text = TEXTS[key] || TEXTS.awaiting_payment;
    var title = text[0], detail = text[1], cls = key;
    var pending = open ? (s.seen ? s.seen.tx_hash : sentHash) : null;
    // Part of a deposit intent's amount arrived (page.ts statusText, the same words).
    var partial = open && !!s.partial && !s.seen;
    if (partial) {
      title = "Partly paid";
      detail = s.partial.usdc_received + " " + TOKEN + " has arrived. Send the remaining " + s.partial.usdc_remaining + " " + TOKEN + " to the same address; this page updates by itself.";
      cls = "seen";
      pending = null;
    } else if (open && s.seen) {
      title = "Payment seen, waiting for confirmations";
      detail = "Your payment is on the network. It counts once " + s.seen.confirmations + " more blocks are built on top of it; this page updates by itself.";
      cls = "seen";
    } else if (open && sentHash && relayed) {
      title = "Payment submitted, waiting for confirmation";
      detail = "Your signed payment was sent to the network for you; no gas was needed from your wallet. This page shows it as confirmed as soon as the network confirms it.";
      cls = "seen";
    } else if (open && sentHash) {
      title = "Payment sent, waiting for confirmation";
      detail = "Your wallet sent the payment. This page shows it as confirmed as soon as the network confirms it.";
      cls = "seen";
    }
    var box = $("status");
    box.className = "status status-" + cls;
    if ($("status-title").textContent !== title) $("status-title").textContent = title;
    if ($("status-detail").textContent !== detail) $("status-detail").textContent = detail;
    var receipt = $("receipt");
    receipt.textContent = "";
    receipt.hidden = !(confirmed || pending);
    if (confirmed) {
      var dl = document.createElement("dl");
      dl.className = "receipt";
      [["Amount paid", document.createTextNode(s.receipt.usdc + " " + TOKEN)], ["Transaction", txNode(s.receipt.tx_hash)], ["Confirmed", document.createTextNode(utc(s.receipt.confirmed_at))]].forEach(function (row) {
        var div = document.createElement("div");
        var dt = document.createElement("dt"); dt.textContent = row[0];
        var dd = document.createElement("dd"); dd.appendChild(row[1]);
        div.appendChild(dt); div.appendChild(dd); dl.appendChild(div);
      });
      receipt.appendChild(dl);
    } else if (pending) {
      receipt.appendChild(document.createTextNode("Transaction "));
      receipt.appendChild(txNode(pending));
    }
    // A payment link's page sends the customer on once paid (its after_completion); the link stays
    // visible for a browser that blocks the navigation.
    if (confirmed && data.redirect_url && $("continue")) {
      $("continue").hidden = false;
      if (!redirecting) {
        redirecting = true;
        setTimeout(function () { window.location.assign(data.redirect_url); }, REDIRECT_MS);
      }
    }
    // "Send exactly …" is an instruction for an open request only: above a confirmation, an expiry
    // or a refund it would ask for a second payment.
    if ($("send-line")) $("send-line").hidden = !open;
    if ($("why-line")) $("why-line").hidden = !open;
    // Once a payment is on its way, hide the ways to pay (no second payment by mistake); partly
    // paid, only the address and what is still to send (the QR and the wallets ask for it all).
    $("pay").hidden = !open || !!pending;
    $("pay").classList.toggle("partial", partial);
    if ($("value")) $("value").textContent = partial ? s.partial.usdc_remaining : FULL_VALUE;
    if ($("usdc-amount")) $("usdc-amount").textContent = partial ? s.partial.usdc_remaining : FULL_VALUE;
    if ($("send-verb")) $("send-verb").textContent = partial ? "Still to send:" : "Send exactly";
    if ($("value-label")) $("value-label").textContent = (partial ? "Still to send" : "Amount") + " (" + TOKEN + ")";
    $("countdown").hidden = !open || !!pending;
    renderList("extra", extraTitle(s.status), EXTRA_NOTE, s.extra_payments || []);
    renderList("mismatch", MISMATCH_TITLE, mismatchNote(), s.mismatched_payments || []);
    sayNotes(s);
  }

  // --- copy buttons -------------------------------------------------------------------------
  Array.prototype.forEach.call(document.querySelectorAll("button.copy"), function (btn) {
    if (!navigator.clipboard) return;
    btn.hidden = false;
    btn.addEventListener("click", function () {
      var text = $(btn.getAttribute("data-copy")).textContent;
      navigator.clipboard.writeText(text).then(function () {
        btn.textContent = "Copied";
        setTimeout(function () { btn.textContent = "Copy"; }, 2000);
      }, function () { btn.textContent = "Copy failed"; });
    });
  });

  // --- countdown -------------------------------------------------------------------------------
  var expires = Date.parse(state.expires_at);
  function tick() {
    var el = $("countdown");
    if (el.hidden) return;
    var left = Math.max(0, Math.floor((expires - (Date.now() + skew)) / 1000));
    if (left === 0) {
      el.textContent = "Time is up. Waiting for the final status\u2026";
      return;
    }
    var m = Math.floor(left / 60), s = left % 60;
    el.textContent = "Expires in " + m + ":" + (s < 10 ? "0" : "") + s;
  }
  tick();
  setInterval(tick, 1000);

  // --- live status -------------------------------------------------------------------------------
  var polling = null;
  function poll() {
    fetch(data.status_url, { cache: "no-store", credentials: "omit" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (s) { if (s) apply(s); })
      .catch(function () { /* next tick */ });
  }
  function startPolling() {
    if (polling) return;
    poll();
    polling = setInterval(poll, POLL_MS);
  }
  function startEvents() {
    if (typeof EventSource === "undefined") return startPolling();
    var es = new EventSource(data.events_url);
    var failures = 0;
    es.addEventListener("status", function (e) {
      failures = 0;
      apply(JSON.parse(e.data));
    });
    es.onerror = function () {
      failures++;
      // Closed for good (e.g. 503: too many streams) or failing repeatedly: poll instead.
      if (es.readyState === EventSource.CLOSED || failures >= 3) {
        es.close();
        startPolling();
      }
    };
  }
  startEvents();

  // --- browser wallet (EIP-1193) -------------------------------------------------------------------
  // The chain to switch to and, for a wallet that does not know it, what to add (EIP-3085): rendered
  // by the server from the table of known chains (src/domain/networks.ts); null when none is known.
  var ADD_CHAIN = data.add_chain;
  var CHAIN = data.chain_name + " (chain id " + data.chain_id + ")";
  var eth = window.ethereum;
  var btn = $("wallet-pay");
  function say(text) { $("wallet-status").textContent = text; }
  function word(hex) { return hex.replace(/^0x/, "").toLowerCase().padStart(64, "0"); }
  function transferData() {
    return "0xa9059cbb" + word(data.payment_address) + word(BigInt(data.expected_units).toString(16));
  }
  function chainHex() { return "0x" + data.chain_id.toString(16); }
  function onChain() {
    return eth.request({ method: "eth_chainId" }).then(function (id) { return parseInt(id, 16) === data.chain_id; });
  }
  function switchChain() {
    var ask = function () { return eth.request({ method: "wallet_switchEthereumChain", params: [{ chainId: chainHex() }] }); };
    return ask().catch(function (e) {
      if (!e || e.code !== 4902) throw e;
      // The wallet does not know the chain: add it, then switch (a wallet that switched on adding answers at once).
      if (!ADD_CHAIN) throw new Error("Your wallet does not know " + CHAIN + ". Add that network to your wallet, then try again.");
      say("Adding " + CHAIN + " to your wallet\u2026");
      return eth.request({ method: "wallet_addEthereumChain", params: [ADD_CHAIN] }).then(ask);
    });
  }
  function walletPay() {
    var from;
    var step = "connect"; // connect, switch, send: what a refusal (4001) refused
    btn.disabled = true;
    say("Connecting to your wallet\u2026");
    eth.request({ method: "eth_requestAccounts" })
      .then(function (accounts) {
        if (!accounts || !accounts[0]) throw new Error("The wallet shared no account.");
        from = accounts[0];
        return onChain();
      })
      .then(function (ok) {
        if (ok) return;
        step = "switch";
        say("Switching your wallet to " + CHAIN + "\u2026");
        return switchChain().then(onChain).then(function (now) {
          if (!now) throw new Error("Your wallet is not on " + CHAIN + ".");
        });
      })
      .then(function () {
        step = "send";
        if (state.status !== "awaiting_payment") throw new Error("This payment request is no longer open.");
        say("Confirm the transfer of " + $("usdc-amount").textContent + " " + TOKEN + " on " + data.chain_name + " in your wallet\u2026");
        return eth.request({ method: "eth_sendTransaction", params: [{ from: from, to: data.usdc_address, data: transferData(), value: "0x0" }] });
      })
      .then(function (hash) {
        sentHash = String(hash);
        say("");
        apply(state);
      })
      .catch(function (e) {
        btn.disabled = false;
        if (e && e.code === 4001 && step === "switch") say("You declined to switch your wallet to " + CHAIN + ". Nothing was sent.");
        else if (e && e.code === 4001) say("You declined in your wallet. Nothing was sent.");
        else say("The wallet could not send the payment: " + ((e && e.message) || String(e)) + (step === "send" ? "" : " Nothing was sent."));
      });
  }
  // --- pay by signature (EIP-3009): one signature, the service sends it and pays the gas -----------
  var gaslessBtn = $("gasless-pay");
  var REFUSALS = {
    insufficient_funds: function () { return "Your wallet does not hold enough " + TOKEN + " for this payment (" + data.amount_text + " " + TOKEN + " needed). Nothing was sent."; },
    authorization_expired: function () { return "The signature expired before it could be sent. Please try again."; },
    intent_not_payable: function () { return "This payment request expired or was closed meanwhile. Nothing was sent."; },
    signature_invalid: function () { return "The signature does not match this payment. Is your wallet on another account than the one that signed? Nothing was sent."; },
    authorization_used: function () { return "This payment was already submitted. This page updates by itself when it is confirmed."; },
    gas_price_above_ceiling: function () { return "The network is very busy, so payment without gas is paused. Try again in a minute, or pay with a transfer below."; },
    rate_limited: function () { return "Too many attempts. Wait a few seconds, then try again."; },
    authorization_unsupported: function () { return "This payment cannot be made by signature. Pay with a transfer below."; },
    relay_gas_above_cap: function () { return "Your wallet's signature check costs more gas than this service pays for one payment. Nothing was sent: pay with a transfer below."; },
    relay_budget_exhausted: function () { return "Payment without gas is paused for now. Nothing was sent: pay with a transfer below."; },
    payer_relays_in_flight: function () { return "Your wallet already has payments without gas on their way. Nothing was sent: wait until they are confirmed, or pay with a transfer below."; },
    relay_pending: function () { return PENDING; }
  };
  /** Said when the service may have sent the payment for the customer: never "Nothing was sent". */
  var PENDING = "Your payment is being sent for you. Wait here: this page updates by itself when it is confirmed. Do not pay again.";
  /** Refusals after which paying by signature cannot work now: the transfer is the way. */
  var TRANSFER_INSTEAD = { relay_gas_above_cap: 1, relay_budget_exhausted: 1, authorization_unsupported: 1, gas_price_above_ceiling: 1 };
  /** The payment may be on its way: the ways to send it again by transfer are held back (the page still updates by itself). */
  function holdTransfers() {
    btn.disabled = true;
    $("open-wallet").hidden = true;
  }
  function refusal(body, status) {
    var err = (body && body.error) || {};
    var f = REFUSALS[err.code];
    var text;
    if (f) text = f();
    // The service says "Nothing was sent" itself only when that is certain; any other 5xx may come after a relay went out.
    else if (status >= 500 && !/Nothing was sent/.test(err.message || "")) text = PENDING;
    else text = "The payment could not be submitted" + (err.message ? ": " + err.message : " (HTTP " + status + ")") + (/Nothing was sent/.test(err.message || "") ? "" : " Nothing was sent.");
    var e = new Error(text);
    e.refusal = err.code || "http_" + status;
    e.pending = text === PENDING;
    return e;
  }
  function api(method, url, body) {
    return fetch(url, {
      method: method,
      cache: "no-store",
      credentials: "omit",
      headers: body ? { "content-type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined
    }).then(function (r) {
      return r.json().catch(function () { return null; }).then(function (b) {
        if (!r.ok) throw refusal(b, r.status);
        return b;
      });
    });
  }
  function gaslessPay() {
    var from;
    var step = "connect"; // connect, switch, sign, submit
    gaslessBtn.disabled = true;
    btn.disabled = true;
    say("Connecting to your wallet\u2026");
    eth.request({ method: "eth_requestAccounts" })
      .then(function (accounts) {
        if (!accounts || !accounts[0]) throw new Error("The wallet shared no account.");
        from = accounts[0];
        return onChain();
      })
      .then(function (ok) {
        if (ok) return;
        step = "switch";
        say("Switching your wallet to " + CHAIN + "\u2026");
        return switchChain().then(onChain).then(function (now) {
          if (!now) throw new Error("Your wallet is not on " + CHAIN + ".");
        });
      })
      .then(function () {
        if (state.status !== "awaiting_payment") throw new Error("This payment request is no longer open.");
        return api("GET", data.authorization_url + "?payer=" + encodeURIComponent(from));
      })
      .then(function (auth) {
        step = "sign";
        say("Asking your wallet: sign the payment of " + data.amount_text + " " + TOKEN + " (to " + data.business_name + "). No gas needed\u2026");
        return eth.request({ method: "eth_signTypedData_v4", params: [from, JSON.stringify(auth.typed_data)] }).then(function (signature) {
          step = "submit";
          say("Submitting your signed payment\u2026");
          var m = auth.typed_data.message;
          return api("POST", data.authorization_url, { payer: m.from, signature: String(signature), valid_after: m.validAfter, valid_before: m.validBefore, nonce: m.nonce });
        });
      })
      .then(function (sub) {
        sentHash = String(sub.tx_hash);
        relayed = true;
        say("");
        apply(state);
      })
      .catch(function (e) {
        gaslessBtn.disabled = false;
        btn.disabled = false;
        if (e && e.code === 4001 && step === "switch") say("You declined to switch your wallet to " + CHAIN + ". Nothing was sent.");
        else if (e && e.code === 4001 && step === "sign") say("You declined the signature in your wallet. Nothing was sent.");
        else if (e && e.code === 4001) say("You declined in your wallet. Nothing was sent.");
        else if (e && e.code === 4100) say("Your wallet refused to sign with this account. Switch your wallet to the account holding the " + TOKEN + ", then try again. Nothing was sent.");
        else if (e && e.refusal) {
          say(e.message);
          // Sent for the customer, perhaps: a transfer now could pay twice. The signature may be submitted
          // again (one intent is paid at most once by one payer's signatures).
          if (e.pending) holdTransfers();
          if (TRANSFER_INSTEAD[e.refusal]) gaslessBtn.disabled = true;
        } else if (step === "submit") {
          // No answer to the submission (the connection dropped): the service may have sent it.
          say(PENDING);
          holdTransfers();
        } else say("The payment could not be completed: " + ((e && e.message) || String(e)) + " Nothing was sent.");
      });
  }

  if (eth && typeof eth.request === "function" && data.gasless && gaslessBtn) {
    gaslessBtn.hidden = false;
    $("gasless-hint").hidden = false;
    gaslessBtn.addEventListener("click", gaslessPay);
    // The transfer stays available, as the second choice.
    $("open-wallet").className = "button";
  }
  if (eth && typeof eth.request === "function") {
    btn.hidden = false;
    $("wallet-hint").hidden = false;
    btn.addEventListener("click", walletPay);
  }

  apply(state);
  // First render: a live region speaks of what changes in it, not of what it held as the page
  // loaded. Said again once the page has settled, the notes the server wrote are announced too.
  if ($("status-notes").textContent) {
    $("status-notes").textContent = "";
    setTimeout(function () { sayNotes(state); }, 500);
  }
})();
