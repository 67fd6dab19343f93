// The stylesheets of this folder (the embeds' and the site's pages'), linked by whoever shows them.

/** Link one of this folder's stylesheets into the document, once. */
export function useStyle(name) {
  if (document.querySelector(`link[data-vt-style="${name}"]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL(`./${name}`, import.meta.url).href;
  link.dataset.vtStyle = name;
  document.head.append(link);
}
