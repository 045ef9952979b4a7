/* The merchant owner's browser wallet in the dashboard (src/modules/dashboard/wallet-routes.ts):
   - "Approve with the owner's wallet" on a refund waiting for approval: the dashboard gives the
     EIP-712 message, the wallet (EIP-1193) signs it with eth_signTypedData_v4, the dashboard checks
     and stores the signature (the API's approve) and the service sends the refund;
   - the refund budget form of a merchant: the dashboard builds the grant or revoke call, the wallet
     sends it to the merchant's account itself (eth_sendTransaction), after switching to its chain.
   The wallet's account must be the merchant's owner: the page says so before anything is signed.
   Plain script, no dependencies, no request to any other origin. Without it (or without a wallet)
   nothing is signed or sent and the page says how to do it. */
(function () {
  "use strict";
  var eth = window.ethereum;
  var NO_WALLET = "No browser wallet found. Open this page in a browser with the merchant owner's wallet (an EIP-1193 wallet such as MetaMask) to do this.";

  function post(url, csrf, fields) {
    var body = new URLSearchParams(fields);
    body.set("csrf", csrf);
    return fetch(url, { method: "POST", credentials: "same-origin", cache: "no-store", headers: { "content-type": "application/x-www-form-urlencoded" }, body: body.toString() }).then(function (r) {
      return r.text().then(function (text) {
        var data = null;
        try { data = JSON.parse(text); } catch (e) { /* an HTML refusal */ }
        if (r.ok && data) return data;
        if (data && data.error) throw new Error(data.error.message);
        throw new Error("The dashboard refused (HTTP " + r.status + "): sign in again as an admin, reload the page and try again.");
      });
    });
  }

  function lower(a) { return String(a || "").toLowerCase(); }

  // The wallet's account, which must be `owner` (checked before the wallet is asked to sign or send).
  function ownerAccount(owner) {
    return eth.request({ method: "eth_requestAccounts" }).then(function (accounts) {
      var account = accounts && accounts[0];
      if (!account) throw new Error("The wallet shared no account.");
      if (lower(account) !== lower(owner))
        throw new Error("The wallet's account " + account + " is not the owner of this merchant's account (" + owner + "). Only the owner can do this: switch to the owner's account in your wallet, then try again.");
      return account;
    });
  }

  // Switch the wallet to `chainId` unless it is on it (a signature or a transaction names its chain);
  // a wallet that does not know the chain (4902) is asked to add it (`addChain`, EIP-3085), then to switch.
  function onChain(chainId, name, addChain) {
    var hex = "0x" + Number(chainId).toString(16);
    var chain = name + " (chain id " + chainId + ")";
    var ask = function () { return eth.request({ method: "wallet_switchEthereumChain", params: [{ chainId: hex }] }); };
    return eth.request({ method: "eth_chainId" }).then(function (current) {
      if (parseInt(current, 16) === Number(chainId)) return;
      return ask().catch(function (e) {
        if (!e || e.code !== 4902) throw e;
        if (!addChain) throw new Error("Your wallet does not know " + chain + ". Add that network to your wallet, then try again.");
        return eth.request({ method: "wallet_addEthereumChain", params: [addChain] }).then(ask);
      }).catch(function (e) {
        if (e && e.code === 4001) throw new Error("You declined to switch your wallet to " + chain + ". Nothing was signed or sent.");
        throw e;
      }).then(function () {
        return eth.request({ method: "eth_chainId" });
      }).then(function (now) {
        if (parseInt(now, 16) !== Number(chainId)) throw new Error("Your wallet is not on " + name + " (chain id " + chainId + ").");
      });
    });
  }

  function failure(e, nothing) {
    if (e && e.code === 4001) return "You declined in your wallet. " + nothing;
    return ((e && e.message) || String(e)) + (/Nothing was/.test((e && e.message) || "") ? "" : " " + nothing);
  }

  // --- approving a refund -------------------------------------------------------------------------
  Array.prototype.forEach.call(document.querySelectorAll(".wallet-approve"), function (box) {
    var btn = box.querySelector("button");
    var status = box.querySelector(".wallet-status");
    function say(text) { status.textContent = text; }
    btn.hidden = false;
    btn.addEventListener("click", function () {
      if (!eth || typeof eth.request !== "function") return say(NO_WALLET);
      var csrf = box.getAttribute("data-csrf");
      var auth;
      btn.disabled = true;
      say("Getting the refund's authorization\u2026");
      post(box.getAttribute("data-authorization"), csrf, {})
        .then(function (a) {
          auth = a;
          say("Connecting to your wallet\u2026");
          return ownerAccount(a.signer);
        })
        .then(function () {
          return onChain(auth.typed_data.domain.chainId, auth.chain_name, auth.add_chain);
        })
        .then(function () {
          say("Sign the refund in your wallet\u2026");
          return eth.request({ method: "eth_signTypedData_v4", params: [auth.signer, JSON.stringify(auth.typed_data)] });
        })
        .then(function (signature) {
          say("Sending the approval\u2026");
          return post(box.getAttribute("data-approve"), csrf, { signature: String(signature), deadline: String(auth.deadline) });
        })
        .then(function (refund) {
          say("Approved: the refund is " + refund.status + ". It is sent now; this page shows it once it is on chain.");
          setTimeout(function () { window.location.reload(); }, 1500);
        })
        .catch(function (e) {
          btn.disabled = false;
          say(failure(e, "Nothing was signed."));
        });
    });
  });

  // --- the refund budget ----------------------------------------------------------------------------
  Array.prototype.forEach.call(document.querySelectorAll("form.wallet-budget"), function (form) {
    var status = form.querySelector(".wallet-status");
    var buttons = form.querySelectorAll("button");
    function say(text) { status.textContent = text; }
    function busy(on) { Array.prototype.forEach.call(buttons, function (b) { b.disabled = on; }); }
    Array.prototype.forEach.call(buttons, function (b) { b.hidden = false; });
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      if (!eth || typeof eth.request !== "function") return say(NO_WALLET);
      var action = ev.submitter && ev.submitter.value === "revoke" ? "revoke" : "grant";
      var fields = { pair: form.elements.pair.value, action: action };
      if (action === "grant") {
        fields.amount_per_day = form.elements.amount_per_day.value;
        fields.end_date = form.elements.end_date.value;
      }
      var csrf = form.getAttribute("data-csrf");
      var tx;
      busy(true);
      say("Preparing the transaction\u2026");
      post(form.getAttribute("data-prepare"), csrf, fields)
        .then(function (t) {
          tx = t;
          say("Connecting to your wallet\u2026");
          return ownerAccount(t.from);
        })
        .then(function () { return onChain(tx.chain_id, tx.chain_name, tx.add_chain); })
        .then(function () {
          say("Confirm the transaction in your wallet\u2026");
          return eth.request({ method: "eth_sendTransaction", params: [{ from: tx.from, to: tx.to, data: tx.data, value: "0x0" }] });
        })
        .then(function (hash) {
          say("Sent (transaction " + hash + "). Waiting for it to be mined\u2026");
          return post(form.getAttribute("data-outcome"), csrf, { hash: String(hash), chain_id: String(tx.chain_id) }).then(function (o) { return { hash: hash, status: o.status }; });
        })
        .then(function (o) {
          busy(false);
          if (o.status === "success") {
            say(action === "grant" ? "Budget granted. Reloading\u2026" : "Budget revoked. Reloading\u2026");
            setTimeout(function () { window.location.reload(); }, 800);
          } else if (o.status === "reverted") say("The transaction " + o.hash + " was reverted: the budget did not change.");
          else say("The transaction " + o.hash + " is not mined yet. Reload this page in a minute to see the budget.");
        })
        .catch(function (e) {
          busy(false);
          say(failure(e, "Nothing was sent."));
        });
    });
  });
})();
