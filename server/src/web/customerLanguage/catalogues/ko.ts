import type { CustomerCatalogue } from './en.js';

/** Korean (ko): every customer-facing message; see en.ts for the format. */
export const ko: CustomerCatalogue = {
  pageTitle: '{business}에 결제',
  skipToPayment: '결제로 건너뛰기',
  testMode: '테스트 결제입니다. 가치가 없는 테스트 코인만 보내십시오.',
  paymentReference: '결제 참조 번호',
  footerNote: '비수탁형 결제: 고객님의 코인은 판매자 본인의 지갑으로 바로 전송됩니다.',
  refreshStatus: '상태 새로고침',
  noScriptRefresh: '이 페이지는 15초마다 자동으로 새로고침됩니다.',
  languageLabel: '언어',
  languageChange: '변경',

  pickHeading: '결제 방법 선택',
  pickLegend: '코인 및 네트워크',
  pickHint: '금액은 현재 시세를 따릅니다. 계속하면 금액이 확정되며 결제 가능 시간 동안 유지됩니다.',
  pickOption: '{coin} ({network})',
  pickRate: '1 {coin} = {rate} {fiat}',
  pickContinue: '결제 계속하기',
  pickNoOptions: '현재 이 결제에 사용할 수 있는 코인이 없습니다. 판매자에게 문의하십시오.',
  pickDeadline: '선택 기한',
  pickRequired: '먼저 코인과 네트워크를 선택하십시오.',

  payHeading: '결제 금액 보내기',
  payAwaiting: '결제를 기다리고 있습니다.',
  payNetwork: '네트워크',
  payAddress: '입금 주소',
  payMemo: '메모, 태그 또는 참조 값(필수)',
  'payMemoOf.xrp': '데스티네이션 태그(필수)',
  'payMemoOf.stellar': '메모(ID, 필수)',
  'payMemoOf.solana': 'Solana Pay 참조 값',
  'payMemoHint.xrp': '이 데스티네이션 태그가 없으면 결제를 이 주문과 연결할 수 없습니다.',
  'payMemoHint.stellar':
    '메모 유형으로 ID를 선택하십시오. 이 메모가 없으면 결제를 이 주문과 연결할 수 없습니다.',
  'payMemoHint.solana':
    'Solana Pay 지원 지갑으로 결제하십시오(QR 코드를 스캔하거나 ‘지갑에서 열기’ 사용). 지갑이 이 참조 값을 자동으로 추가합니다. 주소로 일반 송금을 하면 이 주문과 연결할 수 없습니다.',
  payAlternate: '또는 태그가 포함된 이 주소 하나로',
  payAlternateHint:
    '이 형식을 지원하는 지갑용: 주소에 태그가 포함되어 있어 태그나 메모를 따로 입력할 필요가 없습니다.',
  payAmount: '금액',
  payAmountDue: '남은 결제 금액',
  exactAmount: '정확한 금액: {amount} {coin}',
  payRounded:
    '≈ 보기 쉽도록 올림한 금액입니다. 이 금액을 보내면 전액 결제됩니다. 복사, QR 코드, ‘지갑에서 열기’는 정확한 금액을 사용합니다.',
  payAtLeast:
    '표시된 금액 이상을 보내거나 정확한 금액을 복사하십시오. 지갑이 보내는 금액에서 네트워크 수수료를 차감하는 경우 수수료를 더해서 보내십시오.',
  payExactly:
    '정확히 이 금액을 보내십시오. 지갑이 보내는 금액에서 네트워크 수수료를 차감하는 경우 수수료를 더해서 보내십시오.',
  copy: '복사',
  'copyWhat.amount': '금액 복사',
  'copyWhat.amountDue': '남은 결제 금액 복사',
  'copyWhat.address': '입금 주소 복사',
  'copyWhat.memo': '메모 또는 태그 복사',
  'copyWhat.alternate': '태그 포함 주소 복사',
  'copyWhat.contract': '토큰 컨트랙트 복사',
  copied: '복사했습니다',
  copyFailed: '복사하지 못했습니다. 텍스트를 직접 선택하십시오',
  qrAlt: '결제 요청 QR 코드: {address} 주소로 {amount} {coin}',
  openInWallet: '지갑에서 열기',
  payTokenContract: '토큰 컨트랙트',
  payWithBrowserWallet: '브라우저 지갑으로 결제',
  signWithoutGas: '대신 서명하기(네트워크 수수료 없음)',
  browserWalletHint:
    '브라우저 지갑에서 확인을 요청합니다. 지갑은 먼저 올바른 네트워크로 전환하며, 해당 네트워크가 없으면 추가합니다. 대신 서명하면 판매자가 네트워크 수수료를 부담합니다.',
  chooseWallet: '지갑 선택',
  walletWorking: '지갑의 응답을 기다리는 중…',
  walletSent: '전송했습니다. 네트워크에서 결제가 확인되면 이 페이지가 업데이트됩니다.',
  walletFailed: '지갑에서 결제가 완료되지 않았습니다: {reason}',
  walletDeclined: '지갑에서 거부하셨습니다. 아무것도 전송되지 않았습니다. 다시 시도하실 수 있습니다.',
  walletLacksChain: '지갑에 {network} 네트워크가 없습니다. 지갑에 네트워크를 추가한 다음 다시 시도하십시오.',
  testWalletButton: '테스트 지갑으로 결제',
  testWalletHint:
    '로컬 개발 체인: 자금이 충전된 테스트 계정이 결제할 금액을 정확히 보냅니다. 실제 돈은 사용되지 않습니다.',
  testWalletUnavailable: '테스트 지갑은 로컬 개발 체인에서 진행 중인 결제만 결제할 수 있습니다.',
  timeLeft: '남은 시간',
  payBy: '{deadline}까지 결제하십시오.',
  timeUp: '시간이 만료되었습니다',
  networkWarning:
    '이 주소로는 {network} 네트워크의 {coin}만 보내십시오. 다른 코인이나 다른 네트워크로 보낸 {coin} 코인은 모두 손실됩니다.',
  cancelLink: '결제 취소',

  cancelHeading: '이 결제를 취소하시겠습니까?',
  cancelWarning:
    '이미 코인을 보내셨다면 취소하지 말고 결제가 감지될 때까지 기다리십시오. 취소된 결제는 더 이상 결제할 수 없습니다.',
  cancelConfirm: '예, 결제를 취소합니다',
  cancelBack: '아니요, 결제로 돌아갑니다',

  detectedHeading: '결제가 감지되었습니다',
  confirmingHeading: '결제 확인 중',
  detectedBody:
    '네트워크에서 고객님의 트랜잭션이 감지되었습니다. 이 페이지를 열어 두거나 나중에 다시 방문하십시오.',
  confirmationProgress: '확인 중: {needed, plural, other {#개 블록}} 중 {done}개 완료',
  transactions: '트랜잭션',
  transactionLine: '{amount} {coin}, {confirmations, plural, other {#회 확인}}',
  transactionRemoved: '{amount} {coin}, 되돌려짐(더 이상 집계되지 않음)',
  received: '받은 금액: {received} / {total} {coin}',

  confirmedHeading: '결제가 확인되었습니다',
  confirmedBody: '감사합니다. {business}에서 결제를 받았습니다.',
  overpaidNote: '필요한 금액보다 {excess} {coin} 더 보내셨습니다. 차액에 대해서는 판매자에게 문의하십시오.',
  redirecting: '{business} 사이트로 돌아갑니다…',
  returnToMerchant: '{business} 사이트로 돌아가기',

  underpaidHeading: '일부 결제됨',
  underpaidBody:
    '결제 금액이 {due} {coin} 부족합니다. 시간이 만료되기 전에 나머지를 보내거나, 보내신 금액의 환불을 요청하십시오.',
  remainderHeading: '나머지 결제하기',
  remainderQrAlt: '나머지 금액의 결제 요청 QR 코드: {address} 주소로 {amount} {coin}',

  refundHeading: '환불 요청',
  refundIntro:
    '판매자가 결제하신 금액을 돌려보냅니다. {network} 네트워크에서 본인 소유의 주소를 입력하십시오.',
  refundLabel: '환불받을 {network} 주소',
  refundHint:
    '지갑의 받기 화면에서 주소를 붙여 넣으십시오. 거래소 입금 주소로는 환불금이 입금되지 않을 수 있습니다.',
  refundSubmit: '환불 요청',
  refundRequestedHeading: '환불을 요청했습니다',
  refundRequestedBody:
    '{business}에 코인을 {address} 주소로 돌려보내도록 요청했습니다. 판매자가 환불을 수동으로 처리하므로 시간이 걸릴 수 있습니다.',
  refundedHeading: '환불 완료',
  refundedBody: '{business}에서 환불금을 보냈습니다.',
  refundTransaction: '환불 트랜잭션',

  expiredHeading: '결제 기한 만료',
  expiredBody:
    '결제 시간이 만료되었습니다. 이 주소로 더 이상 코인을 보내지 마십시오. 이미 보내셨다면 결제 참조 번호와 함께 판매자에게 문의하십시오.',
  expiredUnderpaidHeading: '만료됨, 일부 결제됨',
  expiredUnderpaidBody:
    '{received} {coin} 입금 후 결제 시간이 만료되었습니다. 아래에서 환불을 요청하거나 판매자에게 문의하십시오.',
  expiredReorgedHeading: '결제가 무효화되었습니다',
  expiredReorgedBody:
    '결제 시간이 종료된 후 블록체인 재구성으로 고객님의 트랜잭션이 제거되어 결제가 완료되지 않았습니다. 결제 참조 번호와 함께 판매자에게 문의하십시오.',
  cancelledHeading: '결제가 취소되었습니다',
  cancelledByCustomer: '이 결제를 취소하셨습니다. 이 결제의 주소로 코인을 보내지 마십시오.',
  cancelledByMerchant: '판매자가 이 결제를 취소했습니다. 이 결제의 주소로 코인을 보내지 마십시오.',
  receivedAfterClose:
    '이 결제가 종료된 후 {amount} {coin} 입금이 있었습니다. 이 금액은 주문 결제에 반영되지 않으며, 판매자가 돌려보낼 수 있습니다.',
  seenAfterClose:
    '결제가 종료된 후 이 결제의 주소로 보낸 트랜잭션이 감지되었습니다. {confirmations, plural, other {#회 확인}}이 완료되면 여기에서 반환을 요청하실 수 있습니다.',
  afterCloseAddressOnRecord:
    '이전에 {business}에 제공하신 환불 주소({address})가 등록되어 있습니다. 판매자에게 해당 주소로 돌려보내 달라고 요청하십시오.',
  afterCloseRefundRequested:
    '{business}에 {address} 주소로 돌려보내도록 요청했습니다. 판매자가 환불을 수동으로 처리하므로 시간이 걸릴 수 있습니다.',
  refundsSent: '보낸 환불 내역',
  failedHeading: '결제 실패',
  failedBody: '결제를 완료하지 못했습니다({reason}). 차감된 코인은 없습니다.',
  'failureReasons.insufficient_balance': '잔액 부족',
  'failureReasons.estimate_revert': '트랜잭션 실패 예상',
  'failureReasons.settlement_reverted': '온체인에서 트랜잭션이 되돌려짐',
  failureUnknown: '알 수 없는 이유',
  pendingStatus: '고객님의 선택을 기다리고 있습니다.',

  linkPay: '결제하기',
  linkHint: '다음 페이지에서 코인과 네트워크를 선택합니다.',
  linkNotFoundTitle: '결제 링크를 찾을 수 없습니다',
  linkNotFoundBody: '이 주소에는 결제 링크가 없습니다. 받으신 링크를 확인하십시오.',
  linkInactiveTitle: '이 결제 링크는 더 이상 유효하지 않습니다',
  linkInactiveBody: '판매자가 이 링크를 통한 결제 접수를 중단했습니다. 판매자에게 새 링크를 요청하십시오.',
  linkSoldOutTitle: '품절',
  linkSoldOutBody:
    '이 결제 링크가 한도에 도달했습니다. 진행 중인 결제가 미결제 상태로 만료되면 자리가 날 수 있습니다. 그렇지 않으면 판매자에게 문의하십시오.',
  linkUnavailableTitle: '지금은 결제할 수 없습니다',
  linkUnavailableBody:
    '현재 이 판매자는 이 링크를 통해 결제를 받을 수 없습니다. 나중에 다시 시도하거나 판매자에게 문의하십시오.',

  invoiceTitle: '청구서 {number}',
  invoiceFrom: '발행인',
  invoiceTo: '수신인',
  invoiceDue: '결제 기한',
  invoiceOverdue: '기한 초과',
  invoiceItem: '항목',
  invoiceQuantity: '수량',
  invoiceUnitPrice: '단가',
  invoiceAmount: '금액',
  invoiceTotal: '합계',
  invoicePay: '결제하기',
  invoicePayHint: '다음 페이지에서 코인과 네트워크를 선택합니다.',
  invoicePrint: '인쇄용 보기',
  invoiceBack: '청구서로 돌아가기',
  invoicePaidTitle: '결제 완료',
  invoicePaidBody: '이 청구서는 {date}에 결제되었습니다. 감사합니다.',
  invoiceRefundedTitle: '환불 완료',
  invoiceRefundedBody: '이 청구서의 결제 금액이 환불되었습니다.',
  invoiceVoidTitle: '이 청구서는 무효입니다',
  invoiceVoidBody: '판매자가 이 청구서를 취소했습니다. 이 청구서에 대해 지불하실 금액은 없습니다.',
  invoiceNotFoundTitle: '청구서를 찾을 수 없습니다',
  invoiceNotFoundBody: '이 주소에는 청구서가 없습니다. 이메일에 있는 링크를 확인하십시오.',
  invoiceUnavailableTitle: '지금은 결제할 수 없습니다',
  invoiceUnavailableBody:
    '현재 이 청구서는 온라인으로 결제할 수 없습니다. 나중에 다시 시도하거나 판매자에게 문의하십시오.',

  notFoundTitle: '결제를 찾을 수 없습니다',
  notFoundBody: '이 주소에는 결제가 없습니다. 받으신 링크를 확인하거나 판매자에게 새 링크를 요청하십시오.',
  rateLimitedTitle: '시도 횟수가 너무 많습니다',
  rateLimitedBody: '{seconds, plural, other {#초}} 후에 다시 시도하십시오.',
  errorTitle: '문제가 발생했습니다',
  errorBody: '페이지를 표시할 수 없습니다. 잠시 후 다시 시도하십시오.',
  badRequestBody: '양식을 읽을 수 없습니다. 이전 페이지로 돌아가 다시 시도하십시오.',
  unavailableTitle: '일시적으로 사용할 수 없음',
  unavailableBody:
    '현재 결제 서비스에 연결할 수 없습니다. 몇 초 후에 다시 시도하십시오. 이미 결제 금액을 보내셨더라도 손실되지 않으며, 서비스가 복구되면 여기에 표시됩니다.',
  tryAgain: '다시 시도',
  backToPayment: '결제로 돌아가기',
  noticeHeading: '알림',
  noticeRefundAddressInvalid:
    '유효한 {network} 주소가 아닙니다. 지갑의 받기 화면에서 주소를 다시 복사하십시오.',
  noticeOptionUnavailable:
    '이 옵션은 지금 사용할 수 없습니다. 다른 옵션을 선택하거나 몇 분 후에 다시 시도하십시오.',
  noticeNotPossibleNow: '이 결제에서는 더 이상 이 작업을 할 수 없습니다. 현재 상태는 이 페이지에 표시됩니다.',

  mailGreeting: '안녕하십니까?',
  mailGreetingNamed: '{name} 님, 안녕하십니까?',
  mailInvoiceSubject: '{business}의 청구서 {number}: {amount}',
  mailInvoiceIntro:
    '{business}에서 청구서를 보냈습니다. 청구서 번호는 {number}, 금액은 {amount}, 결제 기한은 {dueDate}입니다.',
  mailInvoiceHow: '청구서를 열어 세부 내역을 확인하고 본인의 지갑에서 암호화폐로 결제하십시오.',
  mailInvoiceLink: '청구서 확인 및 결제',
  mailReminderSubject: '알림: {business}의 청구서 {number}',
  mailReminderSubjectOverdue: '알림: {business}의 청구서 {number} 결제 기한 초과',
  mailReminderTitle: '알림: 청구서 {number}',
  mailReminderDue: '{business}에서 알려 드립니다. 청구서 {number}({amount})의 결제 기한은 {dueDate}입니다.',
  mailReminderOverdue:
    '{business}에서 알려 드립니다. 청구서 {number}({amount})의 결제 기한({dueDate})이 지났으며 아직 결제되지 않았습니다.',
  mailReminderIgnore: '이미 결제하셨다면 이 메일은 무시하셔도 됩니다.',
};
