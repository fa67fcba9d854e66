// Cairn hosted checkout: live status (server-sent events), copy buttons and the countdown.
// Progressive enhancement only: every page works without this script.
(() => {
  const data = document.body.dataset;
  const offset = data.now ? Date.parse(data.now) - Date.now() : 0;
  const serverNow = () => Date.now() + offset;
  const announcer = document.getElementById('announcer');
  // Final states; a confirmed payment can still be undone by a reorg, so it stays live, and so does a
  // cancelled one: a customer who paid and then cancelled sees the money reported after the close.
  const terminal = ['failed', 'refunded', 'expired_reorged'];
  let status = data.status;
  let version = data.version;
  let redirectTimer;

  for (const element of document.querySelectorAll('.nojs-only')) element.hidden = true;

  const announce = (text) => {
    if (!announcer) return;
    announcer.textContent = '';
    setTimeout(() => {
      announcer.textContent = text;
    }, 100);
  };

  const wireCopyButtons = (root) => {
    for (const button of root.querySelectorAll('button[data-copy]')) {
      button.hidden = false;
      if (button.dataset.wired) continue;
      button.dataset.wired = 'yes';
      button.addEventListener('click', async () => {
        const target = document.getElementById(button.dataset.copy);
        if (!target) return;
        const label = button.textContent;
        try {
          await navigator.clipboard.writeText(target.textContent.trim());
          button.textContent = data.msgCopied;
        } catch {
          const range = document.createRange();
          range.selectNodeContents(target);
          const selection = window.getSelection();
          selection.removeAllRanges();
          selection.addRange(range);
          button.textContent = data.msgCopyFailed;
        }
        announce(button.textContent);
        setTimeout(() => {
          button.textContent = label;
        }, 2000);
      });
    }
  };

  const formatLeft = (total) => {
    const hours = Math.floor(total / 3600);
    const minutes = Math.floor((total % 3600) / 60);
    const seconds = String(total % 60).padStart(2, '0');
    return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
  };

  const tickCountdowns = () => {
    for (const element of document.querySelectorAll('[data-countdown]')) {
      const left = Math.floor((Date.parse(element.getAttribute('datetime')) - serverNow()) / 1000);
      element.textContent = left > 0 ? formatLeft(left) : data.msgTimeUp;
    }
  };

  // Replaces a region's markup, keeping what the customer typed and where the focus was.
  const replaceRegion = (id, markup) => {
    const region = document.getElementById(id);
    if (!region) return;
    const values = new Map();
    for (const input of region.querySelectorAll('input[name]')) {
      if (input.type === 'text') values.set(input.name, input.value);
      else if (input.checked) values.set(input.name, input.value);
    }
    const active = document.activeElement;
    const focusedId = active && region.contains(active) ? active.id : '';
    region.innerHTML = markup;
    for (const input of region.querySelectorAll('input[name]')) {
      const value = values.get(input.name);
      if (value === undefined) continue;
      if (input.type === 'text') {
        if (input.value === '') input.value = value;
      } else input.checked = input.value === value;
    }
    if (focusedId) document.getElementById(focusedId)?.focus();
    wireCopyButtons(region);
  };

  const scheduleRedirect = (url, delay) => {
    if (!url || redirectTimer) return;
    redirectTimer = setTimeout(() => window.location.assign(url), Number(delay) || 3000);
  };

  const connect = () => {
    if (!data.events || !('EventSource' in window) || terminal.includes(status)) return;
    const source = new EventSource(data.events);
    source.addEventListener('status', (event) => {
      const update = JSON.parse(event.data);
      if (update.version !== version) {
        version = update.version;
        replaceRegion('region-progress', update.progress);
        replaceRegion('region-actions', update.actions);
        tickCountdowns();
      }
      if (update.status !== status) {
        status = update.status;
        document.title = update.title;
        announce(update.headline);
      }
      if (update.redirect) scheduleRedirect(update.redirect, update.redirectDelay);
      if (terminal.includes(status)) source.close();
    });
  };

  wireCopyButtons(document);
  tickCountdowns();
  setInterval(tickCountdowns, 1000);
  scheduleRedirect(data.redirect, data.redirectDelay);
  connect();
})();
