// Debian's Chromium for the browser benchmarks (never a downloaded browser), with the flags these
// machines need, or its headless shell when CHROMIUM_PATH names it.
import puppeteer from 'puppeteer-core';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Launches CHROMIUM headless; each page keeps the viewport its caller gives it. */
export function launchChromium() {
  const shell = /headless-shell/.test(CHROMIUM);
  return puppeteer.launch({
    executablePath: CHROMIUM,
    headless: shell ? 'shell' : true,
    args: shell ? FLAGS.filter((flag) => !flag.startsWith('--headless')) : FLAGS,
    defaultViewport: null,
  });
}
