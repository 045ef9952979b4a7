// The receipt's Print button: the browser's own print dialog (the page's print styles hide the button).
"use strict";
document.getElementById("print-receipt")?.addEventListener("click", () => window.print());
