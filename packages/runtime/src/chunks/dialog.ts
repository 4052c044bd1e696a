// The script tag's dialog: focus trap and keys (`/runtime/dialog.js`, render/lazy.ts).
import { Dialog, onPageKeyDown } from "../render/dialog";
import { define } from "../render/lazy";

define("dialog", { Dialog, onPageKeyDown });
