/** The AI suggestion dialog: questions and choices proposed from a prompt. */
export { AiSuggestionDialog } from "./ai-dialog";
export type { SuggestionParts, SuggestionSource } from "./ai-dialog";
