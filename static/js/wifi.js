// The party's Wi-Fi as a QR code on the TV, beside the room's: a guest joins the network and the
// room in two scans. The host types the network's name and password once; they stay in this
// browser's localStorage and never travel to the server, which is why the code is drawn here
// (by the vendored qrcode-generator) and not by the server like the room's (companion/web/qr.py).

import { svg } from './ui.js';

const KEY = 'companion.wifi';
// Loaded when a code is first drawn (most TVs never keep a network). Named by a URL, not a
// static import: TypeScript would check the vendored file, which is not ours to change.
const ENCODER = new URL('../vendor/qrcode-generator/qrcode.mjs', import.meta.url).href;

/**
 * A network as the TV keeps it.
 * @typedef {{ssid: string, password: string}} Wifi
 */

/** A value inside a Wi-Fi QR text: `\ ; , : "` are escaped with a backslash (the format's rule).
 *
 *     escapeWifi('Bob\'s; "5G"')  →  'Bob\'s\; \"5G\"'
 * @param {string} value
 * @returns {string} */
export function escapeWifi(value) {
  return value.replace(/[\\;,:"]/g, (char) => `\\${char}`);
}

/** The text a phone camera reads as "join this network": `WIFI:T:WPA;S:<ssid>;P:<password>;;`
 * (WPA also stands for WPA2 and WPA3); a network without a password is `T:nopass`.
 *
 *     wifiText({ssid: 'Party', password: 'a;b'})  →  'WIFI:T:WPA;S:Party;P:a\;b;;'
 *     wifiText({ssid: 'Open', password: ''})      →  'WIFI:T:nopass;S:Open;;'
 * @param {Wifi} wifi
 * @returns {string} */
export function wifiText({ ssid, password }) {
  if (!password) return `WIFI:T:nopass;S:${escapeWifi(ssid)};;`;
  return `WIFI:T:WPA;S:${escapeWifi(ssid)};P:${escapeWifi(password)};;`;
}

/** The network this browser keeps, or null.
 * @returns {Wifi | null} */
export function savedWifi() {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) || 'null');
    return kept && typeof kept.ssid === 'string' && kept.ssid && typeof kept.password === 'string'
      ? { ssid: kept.ssid, password: kept.password } : null;
  } catch {
    return null;
  }
}

/** Keep a network in this browser (null forgets it). @param {Wifi | null} wifi */
export function saveWifi(wifi) {
  if (wifi) localStorage.setItem(KEY, JSON.stringify({ ssid: wifi.ssid, password: wifi.password }));
  else localStorage.removeItem(KEY);
}

/** `text` as a QR code: an SVG of black modules on white with the standard quiet zone of four
 * modules, error correction M (as the room's). A name in any script is encoded as UTF-8 bytes,
 * which is what phones read (qrcode-generator's own byte mode takes one byte per character).
 * @param {string} text
 * @returns {Promise<SVGElement>} */
export async function qrSvg(text) {
  const { default: qrcode } = await import(ENCODER);
  const code = qrcode(0, 'M');
  code.addData(String.fromCharCode(...new TextEncoder().encode(text)), 'Byte');
  code.make();
  const n = code.getModuleCount();
  const quiet = 4;
  let d = '';
  for (let row = 0; row < n; row += 1) {
    for (let col = 0; col < n; col += 1) if (code.isDark(row, col)) d += `M${col} ${row}h1v1h-1z`;
  }
  return svg('svg', {
    viewBox: `${-quiet} ${-quiet} ${n + 2 * quiet} ${n + 2 * quiet}`, 'shape-rendering': 'crispEdges',
    'aria-hidden': 'true', focusable: 'false',
  },
  svg('rect', { x: -quiet, y: -quiet, width: n + 2 * quiet, height: n + 2 * quiet, fill: '#fff' }),
  svg('path', { d, fill: '#000' }));
}
