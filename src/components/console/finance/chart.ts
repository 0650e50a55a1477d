import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from "chart.js";

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/**
 * A bar chart of amounts (dollars) on a canvas, with Chart.js (only the bar parts registered). The
 * finance dashboard imports this module lazily, so no other page loads the library. Answers a
 * function that removes the chart.
 */
export function barChart(
  canvas: HTMLCanvasElement,
  labels: ReadonlyArray<string>,
  cents: ReadonlyArray<number>,
): () => void {
  const chart = new Chart(canvas, {
    type: "bar",
    data: {
      labels: [...labels],
      datasets: [{ data: cents.map((c) => c / 100), backgroundColor: "#1f6f50" }],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      plugins: { legend: { display: false } },
      scales: { y: { beginAtZero: true } },
    },
  });
  return () => chart.destroy();
}
