// The script tag's finish page, the results call and its cards (`/runtime/results.js`, render/lazy.ts).
import { readCard } from "@floow/domain/logic";
import { fetchResults } from "../api";
import { FinishView } from "../render/finish";
import { define } from "../render/lazy";

define("results", { FinishView, fetchResults, readCard });
