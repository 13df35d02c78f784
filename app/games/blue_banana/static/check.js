// The card checker, enhanced: the answer comes as soon as a motif and a colour are both tapped.
(function () {
  "use strict";
  var form = document.querySelector("form[method=get]");
  if (!form) return;
  form.addEventListener("change", function () {
    if (form.querySelector("input[name=motif]:checked") && form.querySelector("input[name=color]:checked")) {
      form.submit();
    }
  });
})();
