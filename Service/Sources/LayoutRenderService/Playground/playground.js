// The playground: the spec on the left, its render on the right, rendered again as one
// types (debounced). It talks only to this service's POST /render: the picture (PNG) and
// its frames (for the outline under the pointer) from one render (frames=picture), SVG
// (format=svg) and the spec's JSON form (format=json). Every text from the server or the spec is put in the
// page as text (textContent), never as markup.
"use strict";

const SAMPLE = `canvas width=360 background=#f4f5f7 scale=2

vbox id=card padding=16 gap=8 margin=12 background=#ffffff border=1,#dde1e6 radius=10
  hbox id=header gap=10 align=center
    box id=avatar size=36x36 background=#4f7cff radius=18
    label "Playground" id=title font=bold size=16
  label "Edit the spec on the left: the picture follows as you type." id=body lines=0
`;
const DEBOUNCE_MS = 250;

const editor = document.getElementById("spec");
const gutter = document.getElementById("gutter");
const backdrop = document.getElementById("backdrop");
const message = document.getElementById("message");
const status = document.getElementById("status");
const picture = document.getElementById("picture");
const stage = document.getElementById("stage");
const outline = document.getElementById("outline");
const hoverInfo = document.getElementById("hover-info");

let frames = null;        // the frames of the picture shown
let pictureBlob = null;   // the PNG shown, for Download PNG
let latest = 0;           // the number of the newest render asked for
let timer = null;
let error = null;         // {line, column, text} of the error shown, or null

/** POST /render with the editor's spec and `query`; the Response. */
function render(query) {
  const text = editor.value;
  const json = /^\s*\{/.test(text);
  return fetch("/render" + query, {
    method: "POST", body: text, cache: "no-store",
    headers: {"Content-Type": json ? "application/json" : "text/plain; charset=utf-8"},
  });
}

/** The error of a failed answer: {line, column, text} from the service's JSON body. */
async function failure(response) {
  let body = {};
  try { body = await response.json(); } catch (_) { body = {error: `HTTP ${response.status}`}; }
  const line = Number.isInteger(body.line) ? body.line : null;
  const column = Number.isInteger(body.column) ? body.column : null;
  const place = line ? `line ${line}${column ? `, column ${column}` : ""}: ` : (body.path ? `${body.path}: ` : "");
  return {line, column, text: place + (body.error || `HTTP ${response.status}`)};
}

async function update() {
  const number = ++latest;
  setStatus("rendering…");
  let answer, both;
  try {
    answer = await render("?frames=picture");
    if (number !== latest) return;  // a newer edit has asked since
    if (!answer.ok) {
      const e = await failure(answer);
      if (number === latest) showError(e);  // else a newer edit has asked since: its answer decides
      return;
    }
    both = await answer.json();
  } catch (e) {
    if (number === latest) { showError({line: null, column: null, text: "the service cannot be reached"}); }
    return;
  }
  if (number !== latest) return;
  // {"frames": {…}, "type": "image/png", "picture": "BASE64"}
  const bytes = Uint8Array.from(atob(both.picture), c => c.charCodeAt(0));
  frames = both.frames;
  pictureBlob = new Blob([bytes], {type: both.type});
  const old = picture.src;
  picture.style.width = frames.width + "px";
  picture.style.height = frames.height + "px";
  picture.src = URL.createObjectURL(pictureBlob);
  if (old.startsWith("blob:")) URL.revokeObjectURL(old);
  picture.dataset.render = String(number);
  showError(null);
  setStatus(`${frames.width} × ${frames.height} pt, scale ${frames.scale}`);
}

function setStatus(text, failed = false) {
  status.textContent = text;
  status.classList.toggle("failed", failed);
}

/** Shows `e` at its line and column in the editor (or clears it, for null). */
function showError(e) {
  error = e;
  message.hidden = !e;
  message.textContent = e ? e.text : "";
  if (e) {
    message.dataset.line = e.line || "";
    message.dataset.column = e.column || "";
    setStatus("error: the picture is the last good one", true);
  }
  paintLines();
}

/** The gutter's line numbers and the backdrop behind the text, the error's line marked. */
function paintLines() {
  const lines = editor.value.split("\n");
  gutter.replaceChildren();
  backdrop.replaceChildren();
  lines.forEach((text, index) => {
    const number = index + 1, marked = error && error.line === number;
    const numberLine = document.createElement("div");
    numberLine.textContent = String(number);
    const textLine = document.createElement("div");
    if (marked) {
      numberLine.className = "error";
      numberLine.title = error.text;
      textLine.className = "error-line";
      const chars = Array.from(text);
      const at = Math.max(0, Math.min((error.column || 1) - 1, chars.length));
      const mark = document.createElement("span");
      mark.className = "error-mark";
      mark.textContent = chars[at] || " ";
      textLine.append(chars.slice(0, at).join(""), mark, chars.slice(at + 1).join(""));
    } else {
      textLine.textContent = text || " ";
    }
    gutter.append(numberLine);
    backdrop.append(textLine);
  });
  editor.rows = Math.max(lines.length, 1);
  editor.cols = Math.max(20, ...lines.map(line => line.length + 2));
}

/** Moves the caret to the error's line and column. */
function goToError() {
  if (!error || !error.line) return;
  const lines = editor.value.split("\n");
  let offset = 0;
  for (let i = 0; i < error.line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  offset += Math.max(0, (error.column || 1) - 1);
  editor.focus();
  editor.setSelectionRange(offset, offset);
}

function scheduleUpdate() {
  paintLines();
  clearTimeout(timer);
  timer = setTimeout(update, DEBOUNCE_MS);
}

/** The innermost node under (x, y) in points: the last one in the dump (children follow parents). */
function nodeAt(x, y) {
  if (!frames) return null;
  for (let i = frames.nodes.length - 1; i >= 0; i--) {
    const n = frames.nodes[i];
    if (x >= n.x && y >= n.y && x < n.x + n.width && y < n.y + n.height) return n;
  }
  return null;
}

function showHover(event) {
  const box = picture.getBoundingClientRect();
  if (!frames || box.width === 0) return;
  const x = (event.clientX - box.left) * frames.width / box.width;
  const y = (event.clientY - box.top) * frames.height / box.height;
  const node = nodeAt(x, y);
  if (!node) { hideHover(); return; }
  const k = box.width / frames.width;
  Object.assign(outline.style, {left: node.x * k + "px", top: node.y * k + "px",
                                width: node.width * k + "px", height: node.height * k + "px"});
  outline.hidden = false;
  const round = v => Math.round(v * 100) / 100;
  hoverInfo.textContent = `${node.id === null ? "(no id)" : "#" + node.id} ${node.kind} line ${node.line}: ` +
    `x=${round(node.x)} y=${round(node.y)} width=${round(node.width)} height=${round(node.height)}`;
  hoverInfo.dataset.id = node.id === null ? "" : node.id;
}

function hideHover() {
  outline.hidden = true;
  hoverInfo.textContent = "";
  delete hoverInfo.dataset.id;
}

function download(blob, name) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

/** POST /render for a button (`query`); null, with the error shown, when it fails, and null
 *  unshown when the spec has been edited since (its error is the newer render's to show). */
async function fetched(query) {
  const asked = latest;
  const response = await render(query);
  if (!response.ok) {
    const e = await failure(response);
    if (asked === latest) showError(e);
    return null;
  }
  return response;
}

document.getElementById("download-png").addEventListener("click", () => {
  if (pictureBlob) download(pictureBlob, "spec.png");
});
document.getElementById("download-svg").addEventListener("click", async () => {
  const response = await fetched("?format=svg");
  if (response) download(await response.blob(), "spec.svg");
});
document.getElementById("copy-json").addEventListener("click", async () => {
  const response = await fetched("?format=json");
  if (!response) return;
  const text = await response.text();
  try {
    await navigator.clipboard.writeText(text);
    setStatus("the JSON form is copied");
  } catch (_) {
    // No clipboard (a page not served from localhost or HTTPS): the text, selected, in a prompt.
    window.prompt("The spec's JSON form (copy it from here):", text);
  }
});

editor.addEventListener("input", scheduleUpdate);
editor.addEventListener("scroll", () => { backdrop.scrollTop = editor.scrollTop; });
message.addEventListener("click", goToError);
stage.addEventListener("mousemove", showHover);
stage.addEventListener("mouseleave", hideHover);

editor.value = SAMPLE;
paintLines();
update();
