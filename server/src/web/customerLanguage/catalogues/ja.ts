import type { CustomerCatalogue } from './en.js';

/** Japanese (ja): every customer-facing message; see en.ts for the format. */
export const ja: CustomerCatalogue = {
  pageTitle: '{business} へのお支払い',
  skipToPayment: 'お支払いへスキップ',
  testMode: 'テスト決済です。価値のないテスト用コインのみを送金してください。',
  paymentReference: 'お支払い参照番号',
  footerNote: 'ノンカストディアル決済：お客様のコインは販売者自身のウォレットに直接送金されます。',
  refreshStatus: 'ステータスを更新',
  noScriptRefresh: 'このページは 15 秒ごとに自動で更新されます。',
  languageLabel: '言語',
  languageChange: '変更',

  pickHeading: 'お支払い方法を選択',
  pickLegend: 'コインとネットワーク',
  pickHint:
    '金額は現在のレートに基づきます。続行した時点で金額が確定し、お支払い期間中はその金額が維持されます。',
  pickOption: '{coin}（{network}）',
  pickRate: '1 {coin} = {rate} {fiat}',
  pickContinue: 'お支払いに進む',
  pickNoOptions: '現在、このお支払いに使用できるコインはありません。販売者にお問い合わせください。',
  pickDeadline: '選択期限',
  pickRequired: '先にコインとネットワークを選択してください。',

  payHeading: 'お支払いの送金',
  payAwaiting: 'お支払いをお待ちしています。',
  payNetwork: 'ネットワーク',
  payAddress: '入金アドレス',
  payMemo: 'メモ、タグまたはリファレンス（必須）',
  'payMemoOf.xrp': '宛先タグ（必須）',
  'payMemoOf.stellar': 'メモ（ID、必須）',
  'payMemoOf.solana': 'Solana Pay リファレンス',
  'payMemoHint.xrp': 'この宛先タグがないと、お支払いをこのご注文と照合できません。',
  'payMemoHint.stellar':
    'メモの種類は ID を選択してください。このメモがないと、お支払いをこのご注文と照合できません。',
  'payMemoHint.solana':
    'Solana Pay 対応ウォレットでお支払いください（QR コードをスキャンするか、「ウォレットで開く」を使用）。このリファレンスが自動で付加されます。アドレスへの通常の送金は、このご注文と照合できません。',
  payAlternate: 'または、タグを含むこちらのアドレスひとつで',
  payAlternateHint: '対応ウォレット向け：タグが含まれているため、タグやメモを別途入力する必要はありません。',
  payAmount: '金額',
  payAmountDue: '残りのお支払い金額',
  exactAmount: '正確な金額：{amount} {coin}',
  payRounded:
    '≈ 見やすいように切り上げた金額です。この金額を送金すれば全額のお支払いとなります。コピー、QR コード、「ウォレットで開く」では正確な金額が使用されます。',
  payAtLeast:
    '表示された金額以上を送金するか、正確な金額をコピーしてください。ウォレットが送金額からネットワーク手数料を差し引く場合は、手数料分を上乗せしてください。',
  payExactly:
    'この金額を正確に送金してください。ウォレットが送金額からネットワーク手数料を差し引く場合は、手数料分を上乗せしてください。',
  copy: 'コピー',
  'copyWhat.amount': '金額をコピー',
  'copyWhat.amountDue': '残りの金額をコピー',
  'copyWhat.address': '入金アドレスをコピー',
  'copyWhat.memo': 'メモまたはタグをコピー',
  'copyWhat.alternate': 'タグ付きアドレスをコピー',
  'copyWhat.contract': 'トークンコントラクトをコピー',
  copied: 'コピーしました',
  copyFailed: 'コピーできませんでした。テキストを選択してください',
  qrAlt: 'お支払いリクエストの QR コード：{address} へ {amount} {coin}',
  openInWallet: 'ウォレットで開く',
  payTokenContract: 'トークンコントラクト',
  payWithBrowserWallet: 'ブラウザウォレットで支払う',
  signWithoutGas: '代わりに署名する（ネットワーク手数料なし）',
  browserWalletHint:
    'ブラウザウォレットで確認を求められます。ウォレットはまず正しいネットワークに切り替え、未登録の場合は追加します。代わりに署名すると、ネットワーク手数料を販売者が負担します。',
  chooseWallet: 'ウォレットを選択',
  walletWorking: 'ウォレットの応答を待っています…',
  walletSent: '送信しました。ネットワーク上でお支払いが確認されると、このページが更新されます。',
  walletFailed: 'ウォレットでのお支払いが完了しませんでした：{reason}',
  walletDeclined: 'ウォレットで拒否されたため、何も送金されていません。もう一度お試しいただけます。',
  walletLacksChain:
    '{network} ネットワークがお使いのウォレットに登録されていません。ウォレットに追加してから、もう一度お試しください。',
  testWalletButton: 'テストウォレットで支払う',
  testWalletHint:
    'ローカル開発チェーン：資金のあるテストアカウントがお支払い額ちょうどを送金します。実際のお金は使われません。',
  testWalletUnavailable: 'テストウォレットで支払えるのは、ローカル開発チェーン上の未完了のお支払いのみです。',
  timeLeft: '残り時間',
  payBy: '{deadline} までにお支払いください。',
  timeUp: '時間切れです',
  networkWarning:
    'このアドレスには {network} ネットワーク上の {coin} のみを送金してください。他のコイン、または別のネットワークで送金された {coin} は失われます。',
  cancelLink: 'お支払いをキャンセル',

  cancelHeading: 'このお支払いをキャンセルしますか？',
  cancelWarning:
    'すでにコインを送金済みの場合は、キャンセルせずにお支払いが検出されるまでお待ちください。キャンセルしたお支払いには、以後お支払いいただけません。',
  cancelConfirm: 'はい、お支払いをキャンセルします',
  cancelBack: 'いいえ、お支払いに戻ります',

  detectedHeading: 'お支払いを検出しました',
  confirmingHeading: 'お支払いの承認待ち',
  detectedBody:
    'お客様のトランザクションをネットワーク上で検出しました。このページを開いたままにするか、後でもう一度アクセスしてください。',
  confirmationProgress: '承認中：{done} / {needed, plural, other {# ブロック}}',
  transactions: 'トランザクション',
  transactionLine: '{amount} {coin}（承認数：{confirmations, plural, other {#}}）',
  transactionRemoved: '{amount} {coin}（取り消し済み・集計対象外）',
  received: '{total} {coin} のうち {received} {coin} を受け取りました。',

  confirmedHeading: 'お支払いが確定しました',
  confirmedBody: 'ありがとうございました。{business} がお支払いを受け取りました。',
  overpaidNote:
    '必要な金額より {excess} {coin} 多く送金されています。差額については販売者にお問い合わせください。',
  redirecting: '{business} に戻ります…',
  returnToMerchant: '{business} に戻る',

  underpaidHeading: '一部お支払い済み',
  underpaidBody:
    'お支払いが {due} {coin} 不足しています。期限までに残りを送金するか、送金済みの分の返金をご依頼ください。',
  remainderHeading: '残りを支払う',
  remainderQrAlt: '残額のお支払いリクエストの QR コード：{address} へ {amount} {coin}',

  refundHeading: '返金を依頼する',
  refundIntro:
    'お支払いいただいた金額は販売者から返送されます。{network} ネットワーク上のご自身のアドレスを入力してください。',
  refundLabel: '返金先の {network} アドレス',
  refundHint:
    'ウォレットの「受け取り」画面から貼り付けてください。取引所の入金アドレスでは、返金が反映されない場合があります。',
  refundSubmit: '返金を依頼',
  refundRequestedHeading: '返金を依頼しました',
  refundRequestedBody:
    '{business} に、コインを {address} へ返送するよう依頼しました。返金は販売者が手動で行うため、時間がかかる場合があります。',
  refundedHeading: '返金済み',
  refundedBody: '{business} が返金を送金しました。',
  refundTransaction: '返金トランザクション',

  expiredHeading: 'お支払いの期限切れ',
  expiredBody:
    'お支払い期限が過ぎました。今後このアドレスにコインを送金しないでください。すでに送金した場合は、お支払い参照番号を添えて販売者にお問い合わせください。',
  expiredUnderpaidHeading: '期限切れ（一部お支払い済み）',
  expiredUnderpaidBody:
    '{received} {coin} の着金後に期限が過ぎました。下記から返金を依頼するか、販売者にお問い合わせください。',
  expiredReorgedHeading: 'お支払いが取り消されました',
  expiredReorgedBody:
    'お支払い期間の終了後、ブロックチェーンの再編成によってお客様のトランザクションが取り消されたため、お支払いは完了していません。お支払い参照番号を添えて販売者にお問い合わせください。',
  cancelledHeading: 'お支払いはキャンセルされました',
  cancelledByCustomer:
    'このお支払いはお客様がキャンセルしました。このアドレスにコインを送金しないでください。',
  cancelledByMerchant:
    'このお支払いは販売者がキャンセルしました。このアドレスにコインを送金しないでください。',
  receivedAfterClose:
    'このお支払いの終了後に {amount} {coin} が着金しました。この金額はご注文のお支払いには充当されませんが、販売者が返送することができます。',
  seenAfterClose:
    'このお支払いの終了後に、このお支払いのアドレスへのトランザクションが検出されました。承認数が {confirmations, plural, other {#}} に達すると、ここで返送を依頼できます。',
  afterCloseAddressOnRecord:
    'お客様が以前 {business} に指定した返金先アドレス（{address}）が登録されています。そのアドレスへ返送するよう販売者にご依頼ください。',
  afterCloseRefundRequested:
    '{business} に、{address} へ返送するよう依頼しました。返金は販売者が手動で行うため、時間がかかる場合があります。',
  refundsSent: '送金済みの返金',
  failedHeading: 'お支払いに失敗しました',
  failedBody: 'お支払いを完了できませんでした（{reason}）。コインは引き落とされていません。',
  'failureReasons.insufficient_balance': '残高が不足していました',
  'failureReasons.estimate_revert': 'トランザクションが失敗する見込みでした',
  'failureReasons.settlement_reverted': 'トランザクションがオンチェーンでリバートされました',
  failureUnknown: '不明な理由',
  pendingStatus: 'お客様の選択をお待ちしています。',

  linkPay: '支払う',
  linkHint: 'コインとネットワークは次のページで選択します。',
  linkNotFoundTitle: '支払いリンクが見つかりません',
  linkNotFoundBody: 'このアドレスに支払いリンクはありません。受け取ったリンクをご確認ください。',
  linkInactiveTitle: 'この支払いリンクは現在無効です',
  linkInactiveBody:
    '販売者はこのリンクでのお支払いの受け付けを停止しました。新しいリンクを販売者にご依頼ください。',
  linkSoldOutTitle: '売り切れ',
  linkSoldOutBody:
    'この支払いリンクは上限に達しました。未払いのまま期限切れになるお支払いがあれば枠が空く場合があります。それ以外の場合は販売者にお問い合わせください。',
  linkUnavailableTitle: '現在お支払いいただけません',
  linkUnavailableBody:
    '現在、この販売者はこのリンクでのお支払いを受け付けられません。しばらくしてからもう一度お試しいただくか、販売者にお問い合わせください。',

  invoiceTitle: '請求書 {number}',
  invoiceFrom: '請求元',
  invoiceTo: '請求先',
  invoiceDue: '支払期日',
  invoiceOverdue: '期日超過',
  invoiceItem: '品目',
  invoiceQuantity: '数量',
  invoiceUnitPrice: '単価',
  invoiceAmount: '金額',
  invoiceTotal: '合計',
  invoicePay: '支払う',
  invoicePayHint: 'コインとネットワークは次のページで選択します。',
  invoicePrint: '印刷用表示',
  invoiceBack: '請求書に戻る',
  invoicePaidTitle: 'お支払い済み',
  invoicePaidBody: 'この請求書は {date} にお支払い済みです。ありがとうございました。',
  invoiceRefundedTitle: '返金済み',
  invoiceRefundedBody: 'この請求書のお支払いは返金されました。',
  invoiceVoidTitle: 'この請求書は無効です',
  invoiceVoidBody: '販売者がこの請求書を取り消しました。この請求書に対するお支払いは不要です。',
  invoiceNotFoundTitle: '請求書が見つかりません',
  invoiceNotFoundBody: 'このアドレスに請求書はありません。メールに記載されたリンクをご確認ください。',
  invoiceUnavailableTitle: '現在お支払いいただけません',
  invoiceUnavailableBody:
    '現在、この請求書はオンラインでお支払いいただけません。しばらくしてからもう一度お試しいただくか、販売者にお問い合わせください。',

  notFoundTitle: 'お支払いが見つかりません',
  notFoundBody:
    'このアドレスにお支払いはありません。受け取ったリンクをご確認いただくか、新しいリンクを販売者にご依頼ください。',
  rateLimitedTitle: '試行回数が多すぎます',
  rateLimitedBody: '{seconds, plural, other {# 秒}}お待ちいただいてから、もう一度お試しください。',
  errorTitle: '問題が発生しました',
  errorBody: 'ページを表示できませんでした。しばらくしてからもう一度お試しください。',
  badRequestBody: 'フォームを読み取れませんでした。前のページに戻って、もう一度お試しください。',
  unavailableTitle: '一時的にご利用いただけません',
  unavailableBody:
    '現在、決済サービスに接続できません。数秒後にもう一度お試しください。すでにお支払いを送金済みでも失われることはなく、サービスの復旧後にここに表示されます。',
  tryAgain: 'もう一度試す',
  backToPayment: 'お支払いに戻る',
  noticeHeading: 'お知らせ',
  noticeRefundAddressInvalid:
    'これは有効な {network} のアドレスではありません。ウォレットの受取画面からアドレスをもう一度コピーしてください。',
  noticeOptionUnavailable:
    'この選択肢は現在ご利用いただけません。別の選択肢を選ぶか、数分後にもう一度お試しください。',
  noticeNotPossibleNow:
    'このお支払いでは、この操作はもうできません。現在の状況はこのページに表示されています。',

  mailGreeting: 'お客様',
  mailGreetingNamed: '{name} 様',
  mailInvoiceSubject: '{business} からの請求書 {number}：{amount}',
  mailInvoiceIntro:
    '{business} から請求書 {number} が届いています。金額は {amount}、支払期日は {dueDate} です。',
  mailInvoiceHow: '請求書を開くと詳細を確認でき、ご自身のウォレットから暗号資産でお支払いいただけます。',
  mailInvoiceLink: '請求書を確認して支払う',
  mailReminderSubject: 'リマインダー：{business} からの請求書 {number}',
  mailReminderSubjectOverdue: 'リマインダー：{business} からの請求書 {number} の支払期日が過ぎています',
  mailReminderTitle: 'リマインダー：請求書 {number}',
  mailReminderDue:
    '{business} からのリマインダーです。請求書 {number}（{amount}）の支払期日は {dueDate} です。',
  mailReminderOverdue:
    '{business} からのリマインダーです。請求書 {number}（{amount}）は支払期日の {dueDate} を過ぎていますが、まだお支払いが完了していません。',
  mailReminderIgnore: 'すでにお支払い済みの場合は、本メールへのご対応は不要です。',
};
