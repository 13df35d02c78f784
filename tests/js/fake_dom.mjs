// The little of a page the pure scripts touch, for node (which has no DOM): elements with
// attributes, children and text, found by simple selectors (a tag, .class, #id, [attribute] and
// their compounds, no combinators). Not a browser: what only a browser shows is the browser tests'
// (each feature's browser/ folder).

const SIMPLE = /([a-z][\w-]*)|\.([\w-]+)|#([\w-]+)|\[([\w-]+)\]/gy;

// A compound selector as a test of one element.
function matcher(selector) {
  const tests = [];
  SIMPLE.lastIndex = 0;
  for (let part; SIMPLE.lastIndex < selector.length;) {
    part = SIMPLE.exec(selector);
    if (!part) throw new Error(`fake_dom reads no selector like ${selector}`);
    const [, tag, className, id, attribute] = part;
    if (tag) tests.push((node) => node.tagName === tag.toUpperCase());
    if (className) tests.push((node) => node.classList.contains(className));
    if (id) tests.push((node) => node.id === id);
    if (attribute) tests.push((node) => node.hasAttribute(attribute));
  }
  return (node) => node.nodeType === 1 && tests.every((test) => test(node));
}

class Node {
  constructor(nodeType, document) {
    this.nodeType = nodeType;
    this.ownerDocument = document;
    this.parentNode = null;
    this.childNodes = [];
  }

  get children() { return this.childNodes.filter((node) => node.nodeType === 1); }

  appendChild(node) {
    if (node.nodeType === 11) {
      for (const child of [...node.childNodes]) this.appendChild(child);
      return node;
    }
    if (node.parentNode) node.remove();
    node.parentNode = this;
    this.childNodes.push(node);
    return node;
  }

  remove() {
    if (!this.parentNode) return;
    const siblings = this.parentNode.childNodes;
    siblings.splice(siblings.indexOf(this), 1);
    this.parentNode = null;
  }

  get textContent() {
    return this.nodeType === 3 ? this.data : this.childNodes.map((node) => node.textContent).join("");
  }

  set textContent(text) {
    if (this.nodeType === 3) { this.data = String(text); return; }
    for (const child of [...this.childNodes]) child.remove();
    if (text !== "") this.appendChild(this.ownerDocument.createTextNode(String(text)));
  }

  *descendants() {
    for (const child of this.childNodes) {
      yield child;
      yield* child.descendants();
    }
  }

  querySelectorAll(selector) {
    const matches = matcher(selector);
    return [...this.descendants()].filter(matches);
  }

  querySelector(selector) { return this.querySelectorAll(selector)[0] || null; }
}

class Element extends Node {
  constructor(tagName, document) {
    super(1, document);
    this.tagName = tagName.toUpperCase();
    this.attributes = new Map();
    const element = this;
    this.classList = {
      contains: (name) => element.className.split(/\s+/).includes(name),
      add: (name) => { if (!element.classList.contains(name)) element.className = `${element.className} ${name}`.trim(); },
    };
  }

  getAttribute(name) { return this.attributes.has(name) ? this.attributes.get(name) : null; }
  setAttribute(name, value) { this.attributes.set(name, String(value)); }
  hasAttribute(name) { return this.attributes.has(name); }
  removeAttribute(name) { this.attributes.delete(name); }

  get id() { return this.getAttribute("id") || ""; }
  set id(value) { this.setAttribute("id", value); }
  get className() { return this.getAttribute("class") || ""; }
  set className(value) { this.setAttribute("class", value); }
  get lang() { return this.getAttribute("lang") || ""; }

  matches(selector) { return matcher(selector)(this); }

  insertAdjacentElement(where, node) {
    if (where !== "afterend") throw new Error(`fake_dom inserts only afterend, not ${where}`);
    const siblings = this.parentNode.childNodes;
    if (node.parentNode) node.remove();
    node.parentNode = this.parentNode;
    siblings.splice(siblings.indexOf(this) + 1, 0, node);
    return node;
  }

  getElementById(id) { return this.querySelector(`#${id}`); }
}

class Text extends Node {
  constructor(data, document) {
    super(3, document);
    this.data = data;
  }
}

class Fragment extends Node {
  constructor(document) { super(11, document); }
}

export class Document extends Node {
  constructor(lang = "en") {
    super(9, null);
    this.ownerDocument = this;
    this.documentElement = this.appendChild(this.createElement("html"));
    this.documentElement.setAttribute("lang", lang);
    this.body = this.documentElement.appendChild(this.createElement("body"));
  }

  createElement(tagName) { return new Element(tagName, this); }
  createTextNode(data) { return new Text(String(data), this); }
  createDocumentFragment() { return new Fragment(this); }
  getElementById(id) { return this.querySelector(`#${id}`); }
}

// An element of a fresh document (globalThis.document, made the first time it is needed, as
// a script's `document.createElement` finds it), with attributes and properties given; an
// input's value and defaultValue are properties, as in a browser.
export function element(tagName, properties = {}, attributes = {}) {
  globalThis.document ||= new Document();
  const made = globalThis.document.createElement(tagName);
  Object.assign(made, properties);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  return made;
}

const VOID = new Set(["input", "br", "meta", "link", "img", "hr"]);
const TOKEN = /<(\/?)([a-z][\w-]*)((?:\s+[\w-]+(?:="[^"]*")?)*)\s*\/?>|([^<]+)/gy;
const ATTRIBUTE = /([\w-]+)(?:="([^"]*)")?/g;

// A page as DOMParser makes it of the app's HTML, for the little HTML a test writes (tags,
// attributes in double quotes, text; no entities, no comments).
export function parseHTML(html) {
  const page = new Document();
  let into = page.body;
  TOKEN.lastIndex = 0;
  for (let token; TOKEN.lastIndex < html.length;) {
    token = TOKEN.exec(html);
    if (!token) throw new Error(`fake_dom cannot read ${html.slice(TOKEN.lastIndex)}`);
    const [, closing, tag, attributes, text] = token;
    if (text !== undefined) into.appendChild(page.createTextNode(text));
    else if (closing) into = into.parentNode;
    else {
      const made = into.appendChild(page.createElement(tag));
      for (const [, name, value] of attributes.matchAll(ATTRIBUTE)) made.setAttribute(name, value ?? "");
      if (!VOID.has(tag)) into = made;
    }
  }
  return page;
}
