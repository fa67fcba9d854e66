// Cairn dashboard: progressive enhancement only (every page works without it).
// Copy buttons copy the text of the element named by data-copy; forms with data-confirm ask first;
// a payment page that is still open follows its payment (data-live-status) without a reload; the
// add-wallet form follows its chain list at once; the invoice form adds and removes lines in place.
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
  // The add-wallet form: choosing a chain shows its family's field at once (no Choose press).
  const walletChain = () => {
    const select = document.querySelector('form[data-wallet-chain] select');
    const chainId = document.getElementById('wallet-chain-id');
    if (!select || !chainId) return;
    select.addEventListener('change', () => {
      const option = select.selectedOptions[0];
      if (!option) return;
      chainId.value = option.value;
      document.getElementById('wallet-chain-name').textContent = option.dataset.name;
      document.querySelector('label[for="f-value"]').textContent = option.dataset.label;
      document.getElementById('f-value-hint').textContent = option.dataset.hint;
      document.getElementById('wallet-evm-only').hidden = option.dataset.family !== 'evm';
      document.getElementById('chain-unwatched').hidden = option.dataset.watched === '1';
      // An error about the former chain's value no longer applies.
      const input = document.getElementById('f-value');
      document.getElementById('f-value-error')?.remove();
      input.removeAttribute('aria-invalid');
      input.setAttribute('aria-describedby', 'f-value-hint');
      history.replaceState(null, '', `?chain=${encodeURIComponent(option.value)}`);
    });
  };
  walletChain();

  // The new-invoice form: Add a line and Remove without a round trip (the server does both too).
  const invoiceLines = () => {
    const form = document.querySelector('form[data-invoice-lines]');
    const box = form?.querySelector('[data-lines]');
    if (!box) return;
    const max = Number(form.dataset.invoiceLines);
    const addButton = form.querySelector('[data-add-line]');
    const renumber = () => {
      const lines = box.querySelectorAll('[data-line]');
      lines.forEach((line, i) => {
        line.querySelector('legend').textContent = `Line ${i + 1}`;
        for (const el of line.querySelectorAll('[name], [id], [for], [aria-describedby]'))
          for (const attr of ['name', 'id', 'for', 'aria-describedby'])
            if (el.hasAttribute(attr))
              el.setAttribute(attr, el.getAttribute(attr).replace(/line_\d+_/g, `line_${i}_`));
        const remove = line.querySelector('button[name="remove_line"]');
        remove.value = String(i);
        remove.setAttribute('aria-label', `Remove line ${i + 1}`);
        remove.hidden = lines.length === 1;
      });
      if (addButton) addButton.hidden = lines.length >= max;
    };
    form.addEventListener('click', (event) => {
      const button = event.target.closest('button');
      if (!button) return;
      if (button === addButton) {
        event.preventDefault();
        const lines = box.querySelectorAll('[data-line]');
        const line = lines[lines.length - 1].cloneNode(true);
        for (const el of line.querySelectorAll('.error-text')) el.remove();
        for (const input of line.querySelectorAll('input')) {
          input.value = input.name.endsWith('_quantity') ? '1' : '';
          input.removeAttribute('aria-invalid');
          const hint = input
            .getAttribute('aria-describedby')
            ?.replace(/\S+-error/, '')
            .trim();
          if (hint) input.setAttribute('aria-describedby', hint);
          else input.removeAttribute('aria-describedby');
        }
        box.append(line);
        renumber();
        line.querySelector('input').focus();
      } else if (button.name === 'remove_line') {
        event.preventDefault();
        const line = button.closest('[data-line]');
        const next = line.nextElementSibling ?? line.previousElementSibling;
        line.remove();
        renumber();
        next?.querySelector('input')?.focus();
      }
    });
  };
  invoiceLines();
})();
