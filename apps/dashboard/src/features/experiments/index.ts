// Experiments on a floow (issue 23): the page, its form and its results table.
export { ExperimentsPage } from "./experiments-page";
