// Share the result (SPEC section 8): the card as an image file where the phone can share files
// (Web Share), else the link does what it does without script: it downloads the card.
"use strict";
(function () {
  const probe = () => {
    try {
      return Boolean(navigator.canShare && navigator.canShare({
        files: [new File([""], "squarescores-result.png", { type: "image/png" })],
      }));
    } catch (error) {
      return false;
    }
  };
  if (!probe()) return;
  // Fetched before the tap, so that the share still has the tap's user activation.
  const cards = new Map();
  const card = (href) => {
    if (!cards.has(href)) {
      cards.set(href, fetch(href, { credentials: "same-origin" }).then((response) => {
        if (!response.ok) throw new Error(String(response.status));
        return response.blob();
      }));
    }
    return cards.get(href);
  };
  const prepare = () => {
    for (const link of document.querySelectorAll("a[data-share-card]")) card(link.href).catch(() => {});
  };
  document.addEventListener("DOMContentLoaded", prepare);
  new MutationObserver(prepare).observe(document.documentElement, { childList: true, subtree: true });
  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest("a[data-share-card]");
    if (!link) return;
    event.preventDefault();
    card(link.href).then((blob) => {
      const file = new File([blob], link.getAttribute("download") || "squarescores-result.png",
                            { type: "image/png" });
      if (!navigator.canShare({ files: [file] })) throw new Error("cannot share");
      return navigator.share({ files: [file], title: link.dataset.shareTitle || document.title });
    }).catch((error) => {
      if (error && error.name === "AbortError") return; // the person closed the share sheet
      window.location.assign(link.href); // as without script: the card itself
    });
  });
})();
