import { Transform, type TransformCallback } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/**
 * The page's JavaScript is fetched once the page has painted, not while the browser fetches what the
 * first paint needs (decision 025). React Router's `<Scripts>` writes a `<link rel="modulepreload">`
 * per module (React hoists them into the head) and a module script whose imports start hydration; on
 * a slow phone those ~140 KB take the bandwidth that the stylesheet, the font and the largest picture need.
 *
 * This rewrites the HTML as React streams it: the modulepreload links come out of the head, the
 * module script stays in place but inert (`type="text/x-after-first-paint"`, same text, so its CSP
 * hash or nonce still allows it) and a small script after it starts both once the browser has
 * painted. Were React Router to write its module script differently, that script is left as it is
 * and the page still loads (its modules then without preload links).
 */
export class ScriptsAfterFirstPaint extends Transform {
  private readonly decoder = new StringDecoder("utf8");
  private held = "";
  private readonly modules: string[] = [];
  /** Where the module script stands: not seen yet, its text being read, or done. */
  private boot: { state: "before" } | { state: "inside"; nonce: string; text: string } | { state: "after" } = {
    state: "before",
  };

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    const text = this.held + this.decoder.write(chunk);
    // A tag cut in two by the stream waits for the rest of it.
    const lastOpen = text.lastIndexOf("<");
    const cut = lastOpen !== -1 && !text.includes(">", lastOpen) ? lastOpen : text.length;
    this.held = text.slice(cut);
    this.pushText(this.rewrite(text.slice(0, cut)));
    callback();
  }

  override _flush(callback: TransformCallback) {
    this.pushText(this.rewrite(this.held + this.decoder.end()));
    // A page cut off inside the module script (an aborted render) still ends with what it had.
    if (this.boot.state === "inside") this.pushText(this.boot.text);
    callback();
  }

  private pushText(text: string) {
    if (text) this.push(text);
  }

  private rewrite(html: string): string {
    if (this.boot.state === "after") return html;
    if (this.boot.state === "before") {
      html = html.replace(MODULE_PRELOAD, (_link, href: string) => {
        this.modules.push(href);
        return "";
      });
      const open = BOOT_SCRIPT.exec(html);
      if (!open) return html;
      const [tag, attributes = ""] = open;
      this.boot = { state: "inside", nonce: NONCE.exec(attributes)?.[0] ?? "", text: "" };
      const head = `${html.slice(0, open.index)}<script${attributes} type="${INERT_TYPE}">`;
      return head + this.rewrite(html.slice(open.index + tag.length));
    }
    // The module script's text is kept until it is whole, to write its route manifest compactly.
    const close = html.indexOf("</script>");
    if (close === -1) {
      this.boot.text += html;
      return "";
    }
    const text = compactManifest(this.boot.text + html.slice(0, close));
    const starter = `<script${this.boot.nonce}>${startAfterFirstPaint(this.modules)}</script>`;
    this.boot = { state: "after" };
    return `${text}</script>${starter}${html.slice(close + "</script>".length)}`;
  }
}

/**
 * React Router writes the route manifest it gives the browser with two-space indents (a third of
 * its 4 KB): the same object, written without them. Text not as expected is kept as it is.
 */
export function compactManifest(text: string): string {
  const start = text.indexOf(MANIFEST);
  const end = text.indexOf(MANIFEST_END, start);
  if (start === -1 || end === -1) return text;
  try {
    const manifest: unknown = JSON.parse(text.slice(start + MANIFEST.length, end));
    return text.slice(0, start + MANIFEST.length) + scriptJson(manifest) + text.slice(end);
  } catch {
    return text;
  }
}

const MANIFEST = "window.__reactRouterManifest = ";
const MANIFEST_END = ";\n  window.__reactRouterRouteModules";

export const INERT_TYPE = "text/x-after-first-paint";
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*? href="([^"]+)"[^>]*>/g;
const BOOT_SCRIPT = /<script((?: (?!type=)[a-z-]+="[^"]*")*) type="module" async="">/;
const NONCE = / nonce="[^"]*"/;

/**
 * The script that starts hydration once the browser reports its first contentful paint (a frame
 * only asked for may not be drawn yet); at once in a tab nobody sees, where nothing is painted; and
 * after 3 s whatever happens. The module script goes in first; the preload links for every module
 * (fetched together, as the links in the head were) a task later, all at once: inserted with the
 * script they made one 25 ms task of a slow phone's main thread.
 */
export function startAfterFirstPaint(modules: readonly string[]): string {
  return `(function(boot,modules){var started=false;function start(){if(started)return;started=true;var script=document.createElement("script");script.type="module";script.nonce=boot.nonce;script.textContent=boot.textContent;document.head.appendChild(script);setTimeout(function(){var links=document.createDocumentFragment();modules.forEach(function(href){var link=document.createElement("link");link.rel="modulepreload";link.href=href;links.appendChild(link)});document.head.appendChild(links)})}if(document.hidden||typeof PerformanceObserver!=="function"||PerformanceObserver.supportedEntryTypes.indexOf("paint")<0)return start();new PerformanceObserver(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();start()}}).observe({type:"paint",buffered:true});setTimeout(start,3000)})(document.currentScript.previousElementSibling,${scriptJson(modules)});`;
}

/** JSON written inside a script element: no "</script>" in it can end the element early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll("<", "\\u003c");
