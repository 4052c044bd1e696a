/*
 * The XML feed's text as the parser needs it: the HTML entities it accepts, and bare `&`s
 * escaped before parsing. Kept apart from the SAX frame (xml.ts) and the record builder
 * (xml-records.ts) because it is about characters, not elements.
 */

/**
 * HTML entities that turn up in feeds written by hand or by HTML-minded tools. Other
 * undeclared entities are kept literally (`&foo;`); entities declared in a DOCTYPE are
 * refused (that is how "billion laughs" and XXE attacks work).
 */
export const HTML_ENTITIES: Record<string, string> = {
  nbsp: "\u00a0",
  euro: "€",
  pound: "£",
  yen: "¥",
  cent: "¢",
  copy: "©",
  reg: "®",
  trade: "™",
  deg: "°",
  plusmn: "±",
  times: "×",
  divide: "÷",
  micro: "µ",
  middot: "·",
  bull: "•",
  hellip: "…",
  ndash: "–",
  mdash: "—",
  lsquo: "‘",
  rsquo: "’",
  sbquo: "‚",
  ldquo: "“",
  rdquo: "”",
  bdquo: "„",
  laquo: "«",
  raquo: "»",
  sup2: "²",
  sup3: "³",
  frac12: "½",
  frac14: "¼",
  frac34: "¾",
  para: "¶",
  sect: "§",
  iexcl: "¡",
  iquest: "¿",
  szlig: "ß",
  agrave: "à",
  aacute: "á",
  acirc: "â",
  auml: "ä",
  atilde: "ã",
  aring: "å",
  aelig: "æ",
  ccedil: "ç",
  egrave: "è",
  eacute: "é",
  ecirc: "ê",
  euml: "ë",
  igrave: "ì",
  iacute: "í",
  icirc: "î",
  iuml: "ï",
  ntilde: "ñ",
  ograve: "ò",
  oacute: "ó",
  ocirc: "ô",
  ouml: "ö",
  otilde: "õ",
  oslash: "ø",
  ugrave: "ù",
  uacute: "ú",
  ucirc: "û",
  uuml: "ü",
  yacute: "ý",
  yuml: "ÿ",
  Agrave: "À",
  Aacute: "Á",
  Acirc: "Â",
  Auml: "Ä",
  Ccedil: "Ç",
  Egrave: "È",
  Eacute: "É",
  Ecirc: "Ê",
  Euml: "Ë",
  Iacute: "Í",
  Ntilde: "Ñ",
  Oacute: "Ó",
  Ouml: "Ö",
  Oslash: "Ø",
  Uacute: "Ú",
  Uuml: "Ü",
};

/**
 * XML forbids a bare `&` ("Tom & Jerry"), but feeds contain it; the parser would then
 * misread the rest of the file. A bare `&` outside CDATA sections and comments is
 * escaped as `&amp;` before parsing. References (`&amp;`, `&#233;`, `&nbsp;`) are left.
 */
export async function* escapeBareAmpersands(texts: AsyncIterable<string>): AsyncGenerator<string> {
  let inCdata = false;
  let inComment = false;
  // Not passed on yet: an `&` at the end of a text whose reference (if it is one) is unfinished.
  let carry = "";
  // Passed on already: the end of the last text, as far as it may be the start of a `<![CDATA[`
  // or `<!--`, or (inside one) of its end.
  let tail = "";
  // Sticky: tested at the character after the `&`, without slicing the text.
  const reference = /(?:#[0-9]{1,8}|#x[0-9a-fA-F]{1,8}|[A-Za-z_:][\w.:-]{0,31});/y;
  // The rest of the text could still become a reference (`&am` of `&amp;`).
  const unfinished = /(?:#(?:[0-9]{0,8}|x[0-9a-fA-F]{0,8})|[A-Za-z_:][\w.:-]{0,31})?$/y;

  // Feeds rarely hold a bare `&`: the text is only copied when one is escaped, and otherwise
  // passed on as it came. Only an unfinished reference at its very end is held back: a text
  // passed on whole is what the parser reads fastest (a slice of a text, or two joined, is a
  // string that points into others, and every character read from it costs more: ~5% of the
  // parser's time in the benchmark feed, when any `&` or `<` near a text's end was held back).
  const escape = (input: string, final: boolean): string => {
    let s = input;
    // s[0, emitted) was passed on before.
    let emitted = 0;
    if (carry !== "") {
      s = carry + input;
      carry = "";
    } else if (tail !== "") {
      s = tail + input;
      emitted = tail.length;
      tail = "";
    }
    let out = "";
    // s[flushed, …) is not in `out` yet.
    let flushed = emitted;
    const passOn = (end: number): string =>
      flushed === emitted && end === s.length
        ? emitted === 0
          ? s
          : input
        : out + s.slice(flushed, end);
    let i = 0;
    // Next positions of "&" and "<!" at or after i (-2: not searched yet), kept between
    // iterations so a text is scanned once.
    let amp = -2;
    let bang = -2;
    while (i < s.length) {
      if (inCdata || inComment) {
        const end = s.indexOf(inCdata ? "]]>" : "-->", i);
        if (end === -1) {
          if (!final) tail = s.slice(Math.max(i, s.length - 2));
          return passOn(s.length);
        }
        i = end + 3;
        inCdata = inComment = false;
        continue;
      }
      if (amp !== -1 && amp < i) amp = s.indexOf("&", i);
      if (bang !== -1 && bang < i) bang = indexOfBang(s, i);
      if (amp === -1 && bang === -1) {
        // A `<` at the very end may start a `<!` in the next text.
        if (!final && s.charCodeAt(s.length - 1) === 60 /* < */) tail = "<";
        break;
      }
      const isAmp = bang === -1 || (amp !== -1 && amp < bang);
      const k = isAmp ? amp : bang;
      if (!isAmp) {
        if (s.startsWith("<![CDATA[", k)) {
          inCdata = true;
          i = k + 9;
        } else if (s.startsWith("<!--", k)) {
          inComment = true;
          i = k + 4;
        } else if (!final && s.length - k < 9 && isMarkupStart(s.slice(k))) {
          tail = s.slice(k);
          return passOn(s.length);
        } else i = k + 2;
        continue;
      }
      i = k + 1;
      if (isCommonReference(s, i)) continue;
      reference.lastIndex = i;
      if (reference.test(s)) continue;
      unfinished.lastIndex = i;
      if (!final && unfinished.test(s)) {
        carry = s.slice(k);
        return passOn(k);
      }
      out += `${s.slice(flushed, i)}amp;`;
      flushed = i;
    }
    return passOn(s.length);
  };

  for await (const text of texts) {
    const out = escape(text, false);
    if (out) yield out;
  }
  const out = escape("", true);
  if (out) yield out;
}

/**
 * `&amp;`, `&lt;`, `&gt;` or `&quot;` after the `&` before `at`: most references in a feed,
 * told apart without the regular expression (41 instead of 44 ms for the pass over the
 * 100,000-item benchmark feed).
 */
function isCommonReference(s: string, at: number): boolean {
  switch (s.charCodeAt(at)) {
    case 97 /* a */:
      return s.startsWith("amp;", at);
    case 103 /* g */:
    case 108 /* l */:
      return s.charCodeAt(at + 1) === 116 /* t */ && s.charCodeAt(at + 2) === 59; /* ; */
    case 113 /* q */:
      return s.startsWith("quot;", at);
    default:
      return false;
  }
}

/** Whether `text` (a `<!…` at a text's end) may be the start of a `<![CDATA[` or a `<!--`. */
function isMarkupStart(text: string): boolean {
  return "<![CDATA[".startsWith(text) || "<!--".startsWith(text);
}

/**
 * The next `<!` in `s` at or after `from` (-1: none). Found by its `!`, which is much rarer in
 * a feed than `<` (a search for "<!" stops at every tag): about half the time of this pass.
 */
function indexOfBang(s: string, from: number): number {
  let j = s.indexOf("!", from + 1);
  while (j !== -1 && s.charCodeAt(j - 1) !== 60 /* < */) j = s.indexOf("!", j + 1);
  return j === -1 ? -1 : j - 1;
}
