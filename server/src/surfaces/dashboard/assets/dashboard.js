// Cairn dashboard: progressive enhancement only (every page works without it).
// Copy buttons copy the text of the element named by data-copy; forms with data-confirm ask first;
// a payment page that is still open follows its payment (data-live-status) without a reload.
(() => {
  const enhance = (root) => {
    for (const button of root.querySelectorAll('button[data-copy]')) {
      button.hidden = false;
      button.addEventListener('click', async () => {
        const source = document.getElementById(button.dataset.copy);
        if (!source) return;
        const label = button.textContent;
        try {
          await navigator.clipboard.writeText(source.textContent.trim());
          button.textContent = 'Copied';
        } catch {
          const range = document.createRange();
          range.selectNodeContents(source);
          const selection = window.getSelection();
          selection.removeAllRanges();
          selection.addRange(range);
          button.textContent = 'Selected: press Ctrl+C';
        }
        setTimeout(() => {
          button.textContent = label;
        }, 2500);
      });
    }
    for (const form of root.querySelectorAll('form[data-confirm]')) {
      form.addEventListener('submit', (event) => {
        if (!window.confirm(form.dataset.confirm)) event.preventDefault();
      });
    }
  };
  enhance(document);

  // The payment page: poll the payment's status; when it changes, fetch the page again and swap its
  // main content in place (unless the merchant is typing in one of its forms: then only the badge).
  const POLL_MS = 3000;
  const follow = () => {
    const live = document.querySelector('[data-live-status]');
    if (!live) return;
    const version = `${live.dataset.statusNow}|${live.dataset.updatedAt}`;
    const check = async () => {
      if (document.hidden) return setTimeout(check, POLL_MS);
      try {
        const response = await fetch(live.dataset.liveStatus, {
          headers: { accept: 'application/json' },
          credentials: 'same-origin',
        });
        if (!response.ok) return setTimeout(check, POLL_MS * 5);
        const now = await response.json();
        if (`${now.status}|${now.updated_at}` === version) return setTimeout(check, POLL_MS);
        const active = document.activeElement;
        const typing = active?.matches('main input:not([type=hidden]), main textarea') && active.value !== '';
        if (typing) {
          const badge = document.getElementById('payment-status');
          if (badge) {
            badge.textContent = now.label;
            badge.className = `pay-status ${now.status}`;
            badge.dataset.status = now.status;
          }
          live.textContent = `The payment is now ${now.label}. Reload the page for the details.`;
          return;
        }
        const page = await fetch(live.dataset.page, { credentials: 'same-origin' });
        if (!page.ok) return setTimeout(check, POLL_MS * 5);
        const fresh = new DOMParser().parseFromString(await page.text(), 'text/html').querySelector('main');
        const main = document.querySelector('main');
        if (!fresh || !main) return;
        main.replaceChildren(...fresh.childNodes);
        enhance(main);
        const announce = main.querySelector('.live-status');
        if (announce) announce.textContent = `The payment changed: it is now ${now.label}.`;
        follow();
      } catch {
        setTimeout(check, POLL_MS * 5);
      }
    };
    setTimeout(check, POLL_MS);
  };
  follow();
})();
