// The register: the amount on a keypad, the tip step, then the customer's side (the QR code and the
// status, polled) and the paid screen with a sound. Every amount shown comes from the server's
// answers (quote, charge): this script only collects digits and a choice, so no total is computed here.
"use strict";
(() => {
  const root = document.getElementById("register");
  if (!root) return;
  const $ = (id) => document.getElementById(id);
  const terminal = root.dataset.terminal;
  const csrf = root.dataset.csrf;
  const mode = root.dataset.mode;
  const hasTips = (root.dataset.tips || "") !== "";
  const base = `/dashboard/register/${terminal}`;
  let cents = "";
  let poll = 0;
  let audio = null;

  const show = (step) => {
    for (const id of ["step-amount", "step-tip", "step-pay", "step-paid"]) $(id).hidden = id !== step;
    root.dataset.step = step;
  };
  const error = (text) => {
    $("register-error").textContent = text || "";
    $("register-error").hidden = !text;
  };
  // Display only: the digits typed, as dollars and cents (the server reads the same digits).
  const render = () => {
    const n = cents.replace(/^0+/, "");
    const padded = n.padStart(3, "0");
    $("display").textContent = `$${Number(padded.slice(0, -2)).toLocaleString("en-US")}.${padded.slice(-2)}`;
    $("next").disabled = n === "";
  };
  // The sound needs a tap first (browsers refuse audio a page starts by itself): made on the first key.
  const unlockAudio = () => {
    if (audio || !window.AudioContext) return;
    audio = new AudioContext();
  };
  const chime = () => {
    if (!audio) return;
    audio.resume().catch(() => {});
    const t = audio.currentTime;
    [880, 1320].forEach((f, i) => {
      const o = audio.createOscillator();
      const g = audio.createGain();
      o.frequency.value = f;
      g.gain.setValueAtTime(0.0001, t + i * 0.18);
      g.gain.exponentialRampToValueAtTime(0.3, t + i * 0.18 + 0.02);
      g.gain.exponentialRampToValueAtTime(0.0001, t + i * 0.18 + 0.35);
      o.connect(g).connect(audio.destination);
      o.start(t + i * 0.18);
      o.stop(t + i * 0.18 + 0.4);
    });
    document.body.dataset.sound = "played";
  };

  async function post(path, fields) {
    const body = new URLSearchParams({ csrf, ...fields });
    const res = await fetch(`${base}/${path}?mode=${mode}`, { method: "POST", body, credentials: "same-origin" });
    const out = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error((out.error && out.error.message) || `Refused (${res.status}).`);
    return out;
  }

  for (const key of root.querySelectorAll(".key")) {
    key.addEventListener("click", () => {
      unlockAudio();
      const k = key.dataset.key;
      if (k === "back") cents = cents.slice(0, -1);
      else if (cents.replace(/^0+/, "").length + k.length <= 7) cents += k;
      error("");
      render();
    });
  }
  $("clear").addEventListener("click", () => {
    cents = "";
    render();
  });
  $("next").addEventListener("click", async () => {
    unlockAudio();
    error("");
    const amount = cents.replace(/^0+/, "");
    try {
      if (!hasTips) return await charge(amount, "0");
      const q = await post("quote", { amount });
      $("tip-subtotal").textContent = `$${q.subtotal}`;
      const tips = $("tips");
      tips.textContent = "";
      for (const o of q.options) {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "tip";
        b.dataset.percent = String(o.percent);
        const label = document.createElement("span");
        label.className = "tip-label";
        label.textContent = o.percent === 0 ? "No tip" : `${o.percent}%`;
        const detail = document.createElement("span");
        detail.className = "tip-detail";
        detail.textContent = o.percent === 0 ? `Total $${o.total}` : `+$${o.tip} · total $${o.total}`;
        b.append(label, detail);
        b.addEventListener("click", () => charge(amount, String(o.percent)).catch((e) => error(e.message)));
        tips.append(b);
      }
      show("step-tip");
    } catch (e) {
      error(e.message);
    }
  });
  $("tip-back").addEventListener("click", () => show("step-amount"));

  async function charge(amount, tip) {
    const c = await post("charge", { amount, tip });
    $("pay-total").textContent = `$${c.total}`;
    $("pay-breakdown").textContent = c.tip_percent > 0 ? `$${c.subtotal} + ${c.tip_percent}% tip $${c.tip}` : "";
    $("pay-qr").src = c.qr;
    $("pay-status").textContent = "Scan to pay · waiting for payment";
    $("paid-total").textContent = `$${c.total}`;
    $("receipt-link").href = c.receipt_url;
    root.dataset.intent = c.payment_intent;
    show("step-pay");
    watch(c.status);
  }

  function watch(url) {
    clearInterval(poll);
    poll = setInterval(async () => {
      const res = await fetch(url, { credentials: "same-origin" }).catch(() => null);
      if (!res || !res.ok) return;
      const s = await res.json();
      if (s.paid) {
        clearInterval(poll);
        show("step-paid");
        chime();
      } else if (s.status !== "awaiting_payment") {
        clearInterval(poll);
        $("pay-status").textContent = s.status === "expired" ? "Expired: not paid. Start a new sale." : `Not paid (${s.status}). Start a new sale.`;
      }
    }, 1000);
  }

  const newSale = () => {
    clearInterval(poll);
    cents = "";
    render();
    error("");
    show("step-amount");
  };
  $("new-sale").addEventListener("click", () => location.reload());
  // Called off before it is paid: the intent is cancelled, so the static link stops opening it. A
  // payment that landed meanwhile is refused cancelling, and the paid screen follows from the poll.
  $("cancel-sale").addEventListener("click", async () => {
    try {
      await post(`charges/${root.dataset.intent}/cancel`, {});
      newSale();
    } catch (e) {
      error(e.message);
    }
  });
  render();
  show("step-amount");
})();
