/* Writes a payment link's URL to an NFC tag with Web NFC (NDEFReader, Chrome on Android): one
   `url` record, so a phone that taps the tag opens the link. Where Web NFC is not available
   (iPhone, desktop browsers) the page says so and points at the QR code, which does the same.
   Plain script, no dependencies, no request to any server. */
(function () {
  "use strict";
  var button = document.getElementById("nfc-write");
  var status = document.getElementById("nfc-status");
  if (!button || !status) return;
  var url = button.getAttribute("data-url");
  function say(text, cls) {
    status.textContent = text;
    status.className = "nfc-status " + (cls || "");
  }
  if (!("NDEFReader" in window)) {
    button.hidden = true;
    say("This browser cannot write NFC tags (Web NFC works in Chrome on Android). The QR code above does the same: print it, or open this page on an Android phone to write a tag.", "muted");
    return;
  }
  button.hidden = false;
  button.addEventListener("click", function () {
    var reader;
    try {
      reader = new window.NDEFReader();
    } catch (e) {
      say("NFC is not available here: " + (e && e.message ? e.message : e) + ". Use the QR code instead.", "warning");
      return;
    }
    button.disabled = true;
    say("Hold the tag against the back of the phone…", "");
    reader.write({ records: [{ recordType: "url", data: url }] }).then(function () {
      say("Written. A phone that taps this tag opens the payment link.", "ok");
    }, function (e) {
      var why = e && e.name === "NotAllowedError" ? "NFC permission was refused." : e && e.message ? e.message : String(e);
      say("Not written: " + why + " Try again, or use the QR code.", "warning");
    }).then(function () { button.disabled = false; });
  });
})();
