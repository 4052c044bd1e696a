/**
 * The renderer's own DOM layer, in place of Preact (whose ~4.5 kB of gzip did not fit issue
 * 15's 15 kB budget). JSX compiles to `h` (classic runtime, see tsconfig.json); components
 * are plain functions, called at once, that return a light tree of element descriptions.
 * `render` brings a container's DOM in line with such a tree, reusing the node in the same
 * place (or, for a child with a `key`, the one with that key): focus, the caret, scrolling
 * and CSS transitions survive a re-render, as they did with Preact. There is no component
 * state: the `Flow` holds it, and the instance renders again on each change.
 *
 * Props are attributes, except `on*` (event handler properties), `value`, `checked` and
 * `innerHTML` (properties; `value` and `checked` compared with the live element, which the
 * visitor changes), and `style` (an object of CSS properties, set through the CSSOM, which a
 * page's Content Security Policy allows where a `style` attribute would not be). A `null`,
 * `undefined` or `false` attribute is removed, `true` is set empty.
 */

export type Child = VNode | string | number | boolean | null | undefined | Child[];
export type Props = Record<string, unknown>;

export interface VNode {
  t: string;
  p: Props;
  c: Child[];
}

/** What `render` keeps on a node: its key, its props, and its children by place. */
type Rendered = (Element | Text) & { __k?: unknown; __p?: Props; __s?: (Rendered | null)[] };

type Component<P> = (props: P & { children: Child[] }) => Child;

export function h(type: string | Component<Props>, props: Props | null, ...children: Child[]): Child {
  return typeof type == "string" ? { t: type, p: props ?? {}, c: children } : type({ ...props, children });
}

export const Fragment = ({ children }: { children?: Child }): Child => children;

/** Renders `tree` into `container` (replacing what another tree rendered there); `null` empties it. */
export function render(tree: Child, container: Element): void {
  children(container as Rendered, [tree]);
}

function children(parent: Rendered, list: Child[]): void {
  const old = parent.__s ?? [];
  const slots = (list.flat(9) as Exclude<Child, Child[]>[]).map((child, i) => {
    if (child == null || typeof child == "boolean") return null;
    let node = old[i];
    if (typeof child == "object") {
      const { t, p } = child;
      if (p.key != null) node = old.find((n) => n?.__k === p.key);
      if ((node as Element | undefined)?.localName !== t || node!.__k !== p.key) {
        node = document.createElementNS(
          t == "svg" ? "http://www.w3.org/2000/svg" : (parent as Element).namespaceURI,
          t,
        ) as Rendered;
        node.__k = p.key;
      } else old[old.indexOf(node!)] = null;
      update(node as Element & Rendered, child);
    } else if (node?.nodeType == 3) {
      old[i] = null;
      if ((node as Text).data != child) (node as Text).data = child as string;
    } else node = new Text(child as string);
    return node as Rendered;
  });
  for (const node of old) node?.remove();
  let next = parent.firstChild;
  for (const node of slots)
    if (node) {
      if (node == next) next = node.nextSibling;
      else parent.insertBefore(node, next);
    }
  parent.__s = slots;
}

function update(el: Element & Rendered, { p, c }: VNode): void {
  const old = el.__p ?? {};
  const props: Props = { ...p, style: p.style && Object.entries(p.style).map((e) => e.join(":")).join(";") };
  if (props.innerHTML == null) children(el, c);
  for (const name in { ...old, ...props }) {
    const value = props[name];
    const live = name == "value" || name == "checked";
    if (name == "key" || (value === old[name] && !live)) continue;
    if (live || name == "innerHTML" || name.startsWith("on")) {
      if ((el as unknown as Props)[name] !== value) (el as unknown as Props)[name] = value ?? null;
    } else if (name == "style") (el as HTMLElement).style.cssText = (value as string) ?? "";
    else if (value == null || value === false) el.removeAttribute(name);
    else el.setAttribute(name, value === true ? "" : (value as string));
  }
  el.__p = props;
}

// The JSX types for the classic runtime (`h`): any element, with any attributes, in the
// DOM's own spelling (`class`, `for`, `tabindex`, `aria-*`, `onclick`).
// eslint-disable-next-line @typescript-eslint/no-namespace
export declare namespace h {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    type Element = Child;
    interface IntrinsicElements {
      [tag: string]: Props;
    }
    interface ElementChildrenAttribute {
      children: unknown;
    }
  }
}
