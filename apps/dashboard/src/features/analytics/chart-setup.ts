import {
  ArcElement,
  BarElement,
  CategoryScale,
  Chart,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from "chart.js";

/** Chart.js is tree-shaken: register what the analytics charts use, once. */
Chart.register(
  CategoryScale,
  LinearScale,
  PointElement,
  LineElement,
  BarElement,
  ArcElement,
  Tooltip,
  Legend,
  Filler,
);
Chart.defaults.font.family =
  getComputedStyle(document.documentElement).getPropertyValue("--font-sans") ||
  "Inter, system-ui, sans-serif";
Chart.defaults.color = "#64748b";
Chart.defaults.locale = "nl-NL";

/** The palette of the design system (moss primary, slate greys) and a few accents for series. */
export const CHART_COLORS = [
  "#5b7737",
  "#93b266",
  "#0f766e",
  "#c2410c",
  "#6d28d9",
  "#0369a1",
  "#b45309",
  "#475569",
];
export const PRIMARY = "#5b7737";
export const PRIMARY_SOFT = "rgba(147, 178, 102, 0.18)";
export const GREY = "#94a3b8";
