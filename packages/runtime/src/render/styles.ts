/**
 * The floow's stylesheet, inside its shadow root. `:host { all: initial }` cuts every
 * inherited property of the page (fonts, colours, line height, …). It is `!important`: the
 * host element lives in the page, where rules such as `* { all: unset }` or
 * `div { display: none }` match it too, and for important declarations the shadow root's
 * own win over the page's (normal or important), while normal ones lose. The rest styles only
 * the floow's own elements, so nothing leaks out. Per-floow values (brand colour, sizes,
 * widths, columns) arrive as custom properties and inline styles. Kept terse: it counts
 * towards the renderer's budget; the `\` ends each line without a newline in the string.
 * The script-tag renderer's chunk brings the rules of the pages after the start page
 * (`PAGES_CSS`, render/lazy.ts), rendered in a `<style>` after these, as in the npm build's one sheet.
 */
const BASE = `:host{all:initial!important;display:block!important}\
*{box-sizing:border-box}\
.floow{font:16px/1.5 var(--font);color:#1f2328;text-align:left}\
h2,p{margin:0}\
img{max-width:100%;display:block}\
a{color:inherit}\
button,input,select,textarea{font:inherit;color:inherit;margin:0}\
button{cursor:pointer}\
.panel{background:#fff;border-radius:var(--radius);padding:var(--pad);display:flex;flex-direction:column;gap:16px}\
.embedded{border:1px solid #e4e7ec}\
.page,.block{display:flex;flex-direction:column;gap:16px;outline:0}\
.block{margin:0 auto;width:100%;max-width:100%}\
.align-left{margin-left:0}.align-right{margin-right:0}.align-center{align-items:center;text-align:center}\
.rich{overflow-wrap:anywhere}\
.rich>*+*{margin-top:8px}\
.start{gap:20px}.intro>*{margin:0;color:#475467}.intro>:first-child{font:700 1.5em/1.25 var(--font);color:#101828}\
.media{width:100%;max-height:320px;object-fit:cover;border-radius:var(--radius)}\
.contain{object-fit:contain}\
.btn{display:inline-flex;align-items:center;justify-content:center;gap:8px;border:2px solid var(--c);background:var(--c);color:var(--on);border-radius:var(--br);font-weight:600;padding:10px 18px;min-height:44px;text-decoration:none}\
.btn.sm{padding:6px 12px;min-height:36px}.btn.lg{padding:14px 24px;min-height:52px;font-size:1.1em}\
.ghost,.outline{background:none}.ghost{border-color:transparent}.btn.ghost,.outline{color:var(--ink)}\
.pulse{animation:pulse 2s infinite}.bounce{animation:bounce 2s infinite}\
svg{width:1.1em;height:1.1em;flex:none}\
:focus-visible{outline:3px solid var(--primary);outline-offset:2px}\
.overlay{position:fixed;inset:0;z-index:2147483000;background:#1018288c;display:flex;align-items:center;justify-content:center;padding:16px}\
dialog{all:unset}::backdrop{background:none}\
.dialog{position:relative;width:min(100%,640px);max-height:calc(100vh - 32px);overflow:auto;box-shadow:0 20px 48px #0004}\
.close{position:absolute;top:8px;right:8px;width:40px;height:40px;border:0;background:none;border-radius:99px;color:#475467}\
.sk{display:grid;gap:12px}\
.sk i{height:44px;border-radius:12px;background:#eee;animation:sk 1s infinite alternate}\
@keyframes sk{to{opacity:.5}}\
@keyframes pulse{50%{transform:scale(1.04)}}\
@keyframes bounce{40%{transform:translateY(-4px)}}\
@media (prefers-reduced-motion:reduce){*{animation:none!important;transition:none!important}}`;

/** Questions and their choices. */
const STEPS_CSS = `.question{font-size:1.25em;font-weight:600}\
.choices{display:grid;grid-template-columns:repeat(var(--cols),minmax(0,1fr));gap:var(--gap)}\
.choices.row{display:flex;flex-wrap:wrap}.row>*{flex:1 1 auto}\
.choice{display:flex;flex-direction:column;gap:8px;border:2px solid var(--c);background:#fff;border-radius:var(--r);padding:var(--p);text-align:left;overflow:hidden}\
.choice.solid{background:color-mix(in srgb,var(--c) 8%,#fff);border-color:transparent}\
.choice:hover{border-color:var(--c)}\
.choice[aria-checked=true]{background:var(--c);color:var(--on);border-color:var(--c)}\
.shadow{box-shadow:0 1px 3px #0002,0 4px 12px #0001}\
.img-left,.card.list{flex-direction:row;align-items:center}.img-right{flex-direction:row-reverse;align-items:center}.img-bottom{flex-direction:column-reverse}\
.img-left>img,.img-right>img,.list>img{width:35%;flex:none}\
.thumb,.pimg{width:100%;aspect-ratio:4/3;object-fit:cover;border-radius:calc(var(--r)/2)}\
.choice.image{padding:0;gap:0}.image .thumb{border-radius:0;aspect-ratio:1}.image .label{padding:var(--p)}\
.label{display:flex;align-items:center;gap:10px}\
.mark{display:grid;place-items:center;width:1.2em;height:1.2em;border:2px solid;border-radius:50%;flex:none}.check{border-radius:4px}\
[aria-checked=true] .dot{box-shadow:inset 0 0 0 3px var(--c),inset 0 0 0 1em}`;
/** The progress bar or dots. */
const PROGRESS_CSS = `.progress{display:flex;gap:8px;align-items:center}.progress.column{flex-direction:column;align-items:stretch}\
.bar,.dots{flex:1;display:flex;gap:6px}\
.bar,.dots i{height:6px;background:#eaecf0;border-radius:9px;overflow:hidden}\
.bar i,.dots .done{background:var(--pc);transition:width .3s}.dots i{flex:1}\
.count{color:#475467;font-size:.85em;flex:none}.dialog>.progress{margin-right:40px}`;
/** Back, Next and Restart. */
const NAV_CSS = `.nav{display:flex;gap:8px;align-items:center}.end{margin-left:auto}[aria-disabled=true]{opacity:.45;cursor:not-allowed}`;
/** Form inputs. */
const FORM_CSS = `.form,.field,fieldset{display:flex;flex-direction:column}.form{gap:12px}.field,fieldset{gap:4px;border:0;padding:0;margin:0}\
label,legend{font-weight:600;font-size:.9em}\
.req,.error{color:#b42318}\
.input{width:100%;border:1px solid #d0d5dd;border-radius:8px;padding:10px 12px;background:#fff;min-height:44px}\
.input[aria-invalid=true]{border-color:#b42318}\
textarea.input{min-height:96px}\
.opt{display:flex;align-items:center;gap:8px;font-weight:400}\
.opt input{width:18px;height:18px;accent-color:var(--primary)}\
.error{font-size:.85em}`;
/** Result cards (their image rules are the choices', above). */
const RESULTS_CSS = `dl,dd{margin:0}.results{display:grid;grid-template-columns:repeat(var(--cols),minmax(0,1fr));gap:var(--gap)}\
.note,.placeholder,.desc{color:#475467}.desc{font-size:.85em}\
.card{display:flex;flex-direction:column;background:#fff;border:1px solid #eaecf0;border-radius:var(--r);overflow:hidden}\
.pimg{border-radius:0;background:#f2f4f7}\
.body{display:flex;flex-direction:column;gap:6px;padding:var(--p);flex:1}\
.name{font-size:1em}.price{font-weight:700}\
.attrs{display:grid;grid-template-columns:auto 1fr;gap:2px 8px;font-size:.85em}\
.body .btn{margin-top:auto;align-self:flex-start}\
.more{align-self:center;background:none;border:1px solid #d0d5dd;border-radius:99px;padding:8px 18px}\
.note,.placeholder{text-align:center}.placeholder{padding:24px 8px}`;
/** Everything after the start page (the script tag's `pages.js`). */
export const PAGES_CSS = STEPS_CSS + PROGRESS_CSS + NAV_CSS + FORM_CSS + RESULTS_CSS;

/** The shadow root's sheet: everything in the npm build, the start page's part in the script tag. */
export const CSS = __SCRIPT_TAG__
  ? BASE
  : BASE +
    PAGES_CSS +
    ".overlay.contained{position:absolute;min-height:100%}.contained .dialog{max-height:none}";
