// Cairn hosted checkout: live status (server-sent events), copy buttons, the countdown and, on EVM
// chains, paying from a browser wallet the customer picks (EIP-6963 discovery, EIP-1193 requests).
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
        const name = button.getAttribute('aria-label');
        try {
          // The exact value (an amount shown rounded, an address shown in groups), else the text.
          await navigator.clipboard.writeText(target.dataset.copyValue ?? target.textContent.trim());
          button.textContent = data.msgCopied;
        } catch {
          const range = document.createRange();
          range.selectNodeContents(target);
          const selection = window.getSelection();
          selection.removeAllRanges();
          selection.addRange(range);
          button.textContent = data.msgCopyFailed;
        }
        // While it says "Copied", that is its accessible name too (the visible text stays in the name).
        button.setAttribute('aria-label', button.textContent);
        announce(button.textContent);
        setTimeout(() => {
          button.textContent = label;
          if (name) button.setAttribute('aria-label', name);
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
    wireEvmWallets(region);
  };

  // EVM options: pay the exact amount from a browser wallet (EIP-1193). Wallets announce themselves
  // (EIP-6963) and the customer picks one by name and icon; without announcements, `window.ethereum`.
  // The wallet is switched to the payment's chain, which is added first (EIP-3085, with the server's
  // parameter) when the wallet lacks it. For USDC a gas wallet relays, sign an EIP-3009 authorization
  // instead (the gateway pays the network fee). Without any wallet the block stays hidden.
  const wallets = new Map();
  let chosen = '';
  let pickers = 0;
  window.addEventListener('eip6963:announceProvider', (event) => {
    const detail = event.detail;
    const info = detail?.info;
    if (!info || typeof info.uuid !== 'string' || typeof info.name !== 'string') return;
    if (!detail.provider || typeof detail.provider.request !== 'function') return;
    wallets.set(info.uuid, {
      uuid: info.uuid,
      name: info.name.slice(0, 60),
      // Only images inline in the announcement: a URL would make the page fetch from another host.
      icon: typeof info.icon === 'string' && /^data:image\//.test(info.icon) ? info.icon : '',
      provider: detail.provider,
    });
    if (!chosen) chosen = info.uuid;
    wireEvmWallets(document);
  });
  const injected = () => {
    const provider = window.ethereum;
    return provider && typeof provider.request === 'function' ? provider : undefined;
  };
  const providerOf = () => wallets.get(chosen)?.provider ?? injected();

  const renderPicker = (block) => {
    const picker = block.querySelector('.wallet-picker');
    const choices = picker?.querySelector('.wallet-choices');
    if (!picker || !choices) return;
    choices.textContent = '';
    picker.hidden = wallets.size === 0;
    if (!picker.dataset.group) picker.dataset.group = `wallet-${++pickers}`;
    for (const wallet of wallets.values()) {
      const label = document.createElement('label');
      label.className = 'wallet-choice';
      const input = document.createElement('input');
      input.type = 'radio';
      input.name = picker.dataset.group;
      input.value = wallet.uuid;
      input.checked = wallet.uuid === chosen;
      input.addEventListener('change', () => {
        if (input.checked) chosen = wallet.uuid;
      });
      label.append(input);
      if (wallet.icon) {
        const icon = document.createElement('img');
        icon.src = wallet.icon;
        icon.alt = '';
        icon.width = 24;
        icon.height = 24;
        icon.setAttribute('role', 'presentation');
        label.append(icon);
      }
      const name = document.createElement('span');
      name.textContent = wallet.name;
      label.append(name);
      choices.append(label);
    }
  };

  // An EIP-1193 error code, also where a wallet nests it (MetaMask mobile: data.originalError).
  const codeOf = (error) => error?.code ?? error?.data?.originalError?.code;
  const pad32 = (hex) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0');
  const wireEvmWallets = (root) => {
    for (const block of root.querySelectorAll('[data-evm-wallet]')) {
      renderPicker(block);
      if (!providerOf()) continue;
      block.hidden = false;
      if (block.dataset.wired) continue;
      block.dataset.wired = 'yes';
      const d = block.dataset;
      const status = block.querySelector('.evm-status');
      const buttons = () => block.querySelectorAll('[data-evm-pay], [data-evm-sign]');
      const say = (text) => {
        if (status) status.textContent = text;
      };
      const chainHex = `0x${Number(d.chainId).toString(16)}`;
      const addChain = d.addChain ? JSON.parse(d.addChain) : undefined;
      class Stop extends Error {}
      const onChain = async (provider) =>
        String(await provider.request({ method: 'eth_chainId' })).toLowerCase() === chainHex;
      const prepare = async (provider) => {
        const accounts = await provider.request({ method: 'eth_requestAccounts' });
        if (!accounts || accounts.length === 0) throw new Error('no account');
        if (!(await onChain(provider))) {
          const switchChain = () =>
            provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: chainHex }] });
          try {
            await switchChain();
          } catch (error) {
            if (codeOf(error) !== 4902) throw error;
            if (!addChain) throw new Stop(d.msgLacksChain);
            await provider.request({ method: 'wallet_addEthereumChain', params: [addChain] });
            if (!(await onChain(provider))) await switchChain();
          }
          if (!(await onChain(provider))) throw new Stop(d.msgLacksChain);
        }
        return accounts[0];
      };
      const act = (run) => async () => {
        const provider = providerOf();
        if (!provider) return;
        for (const button of buttons()) button.disabled = true;
        say(d.msgWorking);
        try {
          await run(provider);
          say(d.msgSent);
        } catch (error) {
          for (const button of buttons()) button.disabled = false;
          if (error instanceof Stop) say(error.message);
          else if (codeOf(error) === 4001) say(d.msgDeclined);
          else say(d.msgFailed.replace('%s', error?.message || String(error)));
        }
      };
      block.querySelector('[data-evm-pay]')?.addEventListener(
        'click',
        act(async (provider) => {
          const from = await prepare(provider);
          const amount = BigInt(d.amount).toString(16);
          const tx = d.token
            ? { from, to: d.token, data: `0xa9059cbb${pad32(d.to)}${pad32(amount)}` }
            : { from, to: d.to, value: `0x${amount}` };
          await provider.request({ method: 'eth_sendTransaction', params: [tx] });
        }),
      );
      const sign = block.querySelector('[data-evm-sign]');
      if (sign && d.gasless) {
        sign.hidden = false;
        sign.addEventListener(
          'click',
          act(async (provider) => {
            const from = await prepare(provider);
            const post = async (url, body) => {
              const response = await fetch(url, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(body),
              });
              const answer = await response.json();
              if (!response.ok) throw new Error(answer?.error?.message ?? `HTTP ${response.status}`);
              return answer;
            };
            const typed = await post(d.gasless, { from });
            const types = { ...typed.types };
            if (!types.EIP712Domain)
              types.EIP712Domain = [
                { name: 'name', type: 'string' },
                { name: 'version', type: 'string' },
                { name: 'chainId', type: 'uint256' },
                { name: 'verifyingContract', type: 'address' },
              ];
            const signature = await provider.request({
              method: 'eth_signTypedData_v4',
              params: [from, JSON.stringify({ ...typed, types })],
            });
            await post(d.gaslessSubmit, { from, nonce: typed.message.nonce, signature });
          }),
        );
      }
    }
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
  wireEvmWallets(document);
  // Wallets answer at once (their announcements re-run wireEvmWallets) and again whenever they load.
  window.dispatchEvent(new Event('eip6963:requestProvider'));
  tickCountdowns();
  setInterval(tickCountdowns, 1000);
  scheduleRedirect(data.redirect, data.redirectDelay);
  connect();
})();
