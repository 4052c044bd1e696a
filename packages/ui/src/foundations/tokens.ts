/**
 * The design tokens as the foundations pages show them, read from the source of truth
 * (our `styles.css` and the Tailwind theme it builds on), never copied by hand.
 */
import tailwindTheme from "tailwindcss/theme.css?raw";
import floowTheme from "../styles.css?raw";

export type Token = { name: string; value: string };

/** The `--name: value;` declarations of a stylesheet, in order (the last one wins). */
export function parseTokens(css: string): Map<string, string> {
  const tokens = new Map<string, string>();
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, "");
  for (const match of withoutComments.matchAll(/(--[\w-]+)\s*:\s*([^;{}]+);/g))
    tokens.set(match[1]!, match[2]!.replace(/\s+/g, " ").trim());
  return tokens;
}

const tailwind = parseTokens(tailwindTheme);
const floow = parseTokens(floowTheme);

/** Follows `var(--x)` to the value it stands for. */
export function resolve(value: string, tokens: ReadonlyMap<string, string> = all): string {
  const match = /^var\((--[\w-]+)\)$/.exec(value);
  if (!match) return value;
  const target = tokens.get(match[1]!);
  return target === undefined ? value : resolve(target, tokens);
}

const all = new Map([...tailwind, ...floow]);

function byPrefix(tokens: ReadonlyMap<string, string>, prefix: string, exclude?: RegExp): Token[] {
  return [...tokens]
    .filter(([name]) => name.startsWith(prefix) && !exclude?.test(name))
    .map(([name, value]) => ({ name, value }));
}

/** Our colour scales (moss, grey, primary) as declared in styles.css, with what they alias. */
export function colourScales(): { scale: string; tokens: (Token & { resolved: string })[] }[] {
  const scales = new Map<string, (Token & { resolved: string })[]>();
  for (const token of byPrefix(floow, "--color-")) {
    const scale = token.name.replace(/^--color-/, "").replace(/-\d+$/, "");
    scales.set(scale, [...(scales.get(scale) ?? []), { ...token, resolved: resolve(token.value) }]);
  }
  return [...scales].map(([scale, tokens]) => ({ scale, tokens }));
}

/** Tailwind colours the components use beside ours (status colours). */
export const STATUS_SCALES = ["red", "amber", "sky"] as const;
export function tailwindScale(scale: string): Token[] {
  return byPrefix(tailwind, `--color-${scale}-`);
}

/** Font sizes with their line heights. */
export function typeScale(): { name: string; size: string; lineHeight: string }[] {
  return byPrefix(tailwind, "--text-", /--line-height$/).map((token) => ({
    name: token.name.replace(/^--text-/, ""),
    size: token.value,
    lineHeight: tailwind.get(`${token.name}--line-height`) ?? "",
  }));
}

export const fontWeights = () => byPrefix(tailwind, "--font-weight-");
export const fontSans = () => floow.get("--font-sans") ?? "";
export const radii = () => byPrefix(tailwind, "--radius-");
export const shadows = () => byPrefix(tailwind, "--shadow-");
/** The spacing unit (Tailwind: `p-4` is 4 × the unit) and our named spacings. */
export const spacingUnit = () => tailwind.get("--spacing") ?? "0.25rem";
export const namedSpacings = () => byPrefix(floow, "--spacing-");

/** Parses `#rgb`, `#rrggbb` and `oklch(L% C H)` (Tailwind's colours) to sRGB 0–255. */
export function toRgb(value: string): [number, number, number] | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join("") : hex[1]!;
    return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
  }
  const oklch = /^oklch\(\s*([\d.]+)(%?)\s+([\d.]+)\s+([\d.]+)/i.exec(value.trim());
  if (!oklch) return null;
  const l = Number(oklch[1]) / (oklch[2] ? 100 : 1);
  const c = Number(oklch[3]);
  const h = (Number(oklch[4]) * Math.PI) / 180;
  const a = c * Math.cos(h);
  const b = c * Math.sin(h);
  // OKLab → linear sRGB (Björn Ottosson's matrices), then the sRGB transfer curve.
  const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const linear = [
    4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_,
    -1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_,
    -0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_,
  ];
  return linear.map((v) => {
    const clipped = Math.min(1, Math.max(0, v));
    const srgb = clipped <= 0.0031308 ? 12.92 * clipped : 1.055 * clipped ** (1 / 2.4) - 0.055;
    return Math.round(srgb * 255);
  }) as [number, number, number];
}

export function toHex(rgb: [number, number, number]): string {
  return `#${rgb.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

/** WCAG 2 contrast ratio of two colours (1 to 21). */
export function contrast(a: [number, number, number], b: [number, number, number]): number {
  const luminance = (rgb: [number, number, number]) => {
    const [r, g, bl] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG level for normal text: AAA ≥ 7, AA ≥ 4.5, "AA large" ≥ 3 (18.66 px bold, 24 px). */
export function level(ratio: number): "AAA" | "AA" | "AA large" | "fail" {
  return ratio >= 7 ? "AAA" : ratio >= 4.5 ? "AA" : ratio >= 3 ? "AA large" : "fail";
}
