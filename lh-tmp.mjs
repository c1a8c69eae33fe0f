import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
for (const url of process.argv.slice(2)) {
  const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const a = r.lhr.audits; const ms = (id) => Math.round(a[id].numericValue);
  console.log(url, 'perf', Math.round(r.lhr.categories.performance.score * 100), 'FCP', ms('first-contentful-paint'), 'LCP', ms('largest-contentful-paint'), 'TBT', ms('total-blocking-time'), 'SI', ms('speed-index'));
}
await chrome.kill();
