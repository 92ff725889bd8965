// Home page: create a room for a game (this screen becomes the TV), or jump to a room by code.

import { t, errorText, languageSlots, loadLanguage, onLanguage } from './kit.js';

const createError = document.getElementById('create-error');
const joinError = document.getElementById('join-code-error');

function showError(el, message) {
  el.textContent = message;
  el.hidden = !message;
}

async function createRoom(button) {
  const buttons = /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll('button[data-game]'));
  buttons.forEach((b) => { b.disabled = true; });
  showError(createError, '');
  try {
    const res = await fetch('/api/rooms', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ game: button.dataset.game }),
    });
    const body = await res.json().catch(() => ({}));
    if (!res.ok) {
      throw new Error(body?.error ? errorText(body.error) : t('The server answered {status}.', { status: res.status }));
    }
    // The host token is the key to this room's controls: keep it on this device and hand it to
    // the TV page in the fragment, which never reaches a server log.
    localStorage.setItem(`companion.host.${body.code.toUpperCase()}`, body.host_token);
    if (button.dataset.solo) {
      // A solo game: this phone hosts from its own seat (the phone page joins with the host
      // key) and remembers the room, to be continued days later.
      localStorage.setItem(`companion.solo.${button.dataset.game}`, body.code.toUpperCase());
      window.location.href = `/j/${encodeURIComponent(body.code)}#solo`;
      return;
    }
    // Same origin as this page (the public URL may name another address of this machine),
    // so the host key kept in local storage is found again after a reload.
    window.location.href = `/host/${encodeURIComponent(body.code)}#${body.host_token}`;
  } catch (err) {
    showError(createError, /** @type {Error} */ (err).message || t('Could not create a room.'));
    buttons.forEach((b) => { b.disabled = false; });
  }
}

document.querySelectorAll('button[data-game]').forEach((button) => {
  button.addEventListener('click', () => createRoom(button));
});

const codeInput = /** @type {HTMLInputElement} */ (document.getElementById('join-code'));
codeInput.addEventListener('input', () => {
  codeInput.value = codeInput.value.toUpperCase().replace(/[^A-Z]/g, '');
  showError(joinError, '');
});

document.getElementById('join-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const code = codeInput.value.trim().toUpperCase();
  if (!/^([A-Z]{4}|[A-Z]{6})$/.test(code)) {
    showError(joinError, t('A room code is 6 letters, as shown on the TV.'));
    codeInput.focus();
    return;
  }
  window.location.href = `/j/${encodeURIComponent(code)}`;
});

/** A solo game saved on this phone: offer to continue it while its room is still open. */
async function offerContinue(link) {
  const key = `companion.solo.${link.dataset.continue}`;
  const saved = localStorage.getItem(key);
  if (!saved) return;
  const res = await fetch(`/api/rooms/${encodeURIComponent(saved)}`).catch(() => null);
  if (res?.status === 404) {
    localStorage.removeItem(key);
    return;
  }
  const room = res?.ok ? await res.json() : null;
  if (!room || room.game !== link.dataset.continue || room.status === 'over') return;
  link.href = `/j/${encodeURIComponent(saved)}`;
  link.textContent = `${link.textContent} · ${saved}`;
  link.hidden = false;
}

document.querySelectorAll('a[data-continue]').forEach(offerContinue);

// The page is the server's: in another language it is simply fetched again (the switch set the
// cookie the server reads).
const served = document.documentElement.lang;
languageSlots();
loadLanguage().then(() => languageSlots());
onLanguage((lang) => {
  if (lang !== served) window.location.reload();
  else languageSlots();  // the list of languages arrived: the switch offers them all
});
