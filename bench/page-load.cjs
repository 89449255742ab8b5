// The page's load time in Debian's chromium (driven by playwright-core), for BENCHMARKS.md:
// from the request to the load event, the median of 20 visits after a first one that warms
// the browser up. Every visit goes to the server given, on 127.0.0.1.
//
//   target/release/sudokux serve --port 8080 &
//   NODE_PATH=<folder>/node_modules node bench/page-load.cjs http://127.0.0.1:8080/
const { chromium } = require("playwright-core");

(async () => {
  const url = process.argv[2] || "http://127.0.0.1:8080/";
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  const page = await (await browser.newContext()).newPage();
  await page.goto(url);
  const loads = [];
  let bytes = 0;
  for (let k = 0; k < 20; k++) {
    await page.goto(url + "?visit=" + k);
    const [load, size] = await page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0];
      const resources = performance.getEntriesByType("resource");
      return [nav.loadEventEnd - nav.startTime,
        resources.reduce((a, r) => a + r.transferSize, nav.transferSize)];
    });
    loads.push(load);
    bytes = size;
  }
  loads.sort((a, b) => a - b);
  console.log(`page load in chromium: median ${loads[10].toFixed(1)} ms of 20, ` +
    `fastest ${loads[0].toFixed(1)} ms, slowest ${loads[19].toFixed(1)} ms; ${bytes} bytes transferred`);
  await browser.close();
})();
