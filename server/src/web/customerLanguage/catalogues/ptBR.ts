import type { CustomerCatalogue } from './en.js';

/** Portuguese, Brazil (pt-BR): every customer-facing message; see en.ts for the format. */
export const ptBR: CustomerCatalogue = {
  pageTitle: 'Pagar a {business}',
  skipToPayment: 'Pular para o pagamento',
  testMode: 'Pagamento de teste: envie apenas moedas de teste, que não têm valor.',
  paymentReference: 'Referência do pagamento',
  footerNote: 'Checkout sem custódia: suas moedas vão direto para a carteira do próprio comerciante.',
  refreshStatus: 'Atualizar status',
  noScriptRefresh: 'Esta página é atualizada automaticamente a cada 15 segundos.',
  languageLabel: 'Idioma',
  languageChange: 'Alterar',

  pickHeading: 'Escolha como pagar',
  pickLegend: 'Moeda e rede',
  pickHint:
    'Os valores seguem a cotação atual; o valor é fixado quando você continua e mantido durante o prazo de pagamento.',
  pickOption: '{coin} na rede {network}',
  pickRate: '1 {coin} = {rate} {fiat}',
  pickContinue: 'Continuar para o pagamento',
  pickNoOptions:
    'No momento, nenhuma moeda pode ser usada para este pagamento. Entre em contato com o comerciante.',
  pickDeadline: 'Escolha até',
  pickRequired: 'Primeiro escolha uma moeda e uma rede.',

  payHeading: 'Envie o pagamento',
  payAwaiting: 'Aguardando seu pagamento.',
  payNetwork: 'Rede',
  payAddress: 'Endereço de depósito',
  payMemo: 'Memo, tag ou referência (obrigatório)',
  'payMemoOf.xrp': 'Tag de destino (obrigatória)',
  'payMemoOf.stellar': 'Memo (ID, obrigatório)',
  'payMemoOf.solana': 'Referência do Solana Pay',
  'payMemoHint.xrp': 'Sem esta tag de destino, não será possível associar seu pagamento a este pedido.',
  'payMemoHint.stellar':
    'Escolha o tipo de memo ID. Sem este memo, não será possível associar seu pagamento a este pedido.',
  'payMemoHint.solana':
    'Pague com uma carteira compatível com Solana Pay (escaneie o código QR ou toque em “Abrir na carteira”): ela adiciona esta referência. Uma transferência simples para o endereço não poderá ser associada a este pedido.',
  payAlternate: 'Ou este endereço único, com a tag incluída',
  payAlternateHint:
    'Para carteiras que o aceitam: ele já inclui a tag, então não é preciso informar tag ou memo separadamente.',
  payAmount: 'Valor',
  payAmountDue: 'Valor pendente',
  exactAmount: 'Valor exato: {amount} {coin}',
  payRounded:
    '≈ arredondado para cima para facilitar a leitura: enviar este valor quita o pagamento. “Copiar”, o código QR e “Abrir na carteira” usam o valor exato.',
  payAtLeast:
    'Envie pelo menos o valor exibido ou copie o valor exato. Se a sua carteira descontar a taxa de rede do valor, acrescente a taxa.',
  payExactly:
    'Envie exatamente este valor. Se a sua carteira descontar a taxa de rede do valor, acrescente a taxa.',
  copy: 'Copiar',
  'copyWhat.amount': 'Copiar valor',
  'copyWhat.amountDue': 'Copiar valor pendente',
  'copyWhat.address': 'Copiar endereço de depósito',
  'copyWhat.memo': 'Copiar memo ou tag',
  'copyWhat.alternate': 'Copiar endereço com tag',
  'copyWhat.contract': 'Copiar contrato do token',
  copied: 'Copiado',
  copyFailed: 'Não foi possível copiar; selecione o texto manualmente',
  qrAlt: 'Código QR da solicitação de pagamento: {amount} {coin} para {address}',
  openInWallet: 'Abrir na carteira',
  payTokenContract: 'Contrato do token',
  payWithBrowserWallet: 'Pagar com a carteira do navegador',
  signWithoutGas: 'Assinar em vez disso (sem taxa de rede)',
  browserWalletHint:
    'A carteira do seu navegador pedirá sua confirmação; antes, ela muda para a rede correta e a adiciona, se necessário. Se você assinar em vez disso, o comerciante paga a taxa de rede.',
  chooseWallet: 'Escolha sua carteira',
  walletWorking: 'Aguardando sua carteira…',
  walletSent: 'Enviado. Esta página será atualizada quando o pagamento for detectado na rede.',
  walletFailed: 'Sua carteira não concluiu o pagamento: {reason}',
  walletDeclined: 'Você recusou a operação na sua carteira: nada foi enviado. Você pode tentar novamente.',
  walletLacksChain: 'Sua carteira não reconhece a rede {network}: adicione-a na carteira e tente novamente.',
  testWalletButton: 'Pagar com uma carteira de teste',
  testWalletHint:
    'Rede local de desenvolvimento: a conta de teste com saldo envia exatamente o valor devido. Nenhum dinheiro real é usado.',
  testWalletUnavailable: 'A carteira de teste só paga pagamentos em aberto na rede local de desenvolvimento.',
  timeLeft: 'Tempo restante',
  payBy: 'Pague até {deadline}.',
  timeUp: 'Tempo esgotado',
  networkWarning:
    'Envie para este endereço apenas {coin} na rede {network}. Qualquer outra moeda, ou {coin} enviado por outra rede, será perdido.',
  cancelLink: 'Cancelar pagamento',

  cancelHeading: 'Cancelar este pagamento?',
  cancelWarning:
    'Se você já enviou moedas, não cancele: aguarde até que o pagamento seja detectado. Um pagamento cancelado não pode mais ser pago.',
  cancelConfirm: 'Sim, cancelar o pagamento',
  cancelBack: 'Não, voltar ao pagamento',

  detectedHeading: 'Pagamento detectado',
  confirmingHeading: 'Confirmando pagamento',
  detectedBody: 'Sua transação foi detectada na rede. Mantenha esta página aberta ou volte mais tarde.',
  confirmationProgress: 'Confirmando: {done} de {needed, plural, one {# bloco} other {# blocos}}',
  transactions: 'Transações',
  transactionLine: '{amount} {coin}, {confirmations, plural, one {# confirmação} other {# confirmações}}',
  transactionRemoved: '{amount} {coin}, revertida (não é mais contabilizada)',
  received: 'Recebido: {received} de {total} {coin}.',

  confirmedHeading: 'Pagamento confirmado',
  confirmedBody: 'Obrigado. {business} recebeu seu pagamento.',
  overpaidNote:
    'Você enviou {excess} {coin} a mais do que o necessário. Entre em contato com o comerciante sobre a diferença.',
  redirecting: 'Redirecionando você para {business}…',
  returnToMerchant: 'Voltar para {business}',

  underpaidHeading: 'Pago parcialmente',
  underpaidBody:
    'Faltam {due} {coin} para completar o pagamento. Envie o restante antes que o tempo acabe ou solicite o reembolso do que você enviou.',
  remainderHeading: 'Pagar o restante',
  remainderQrAlt: 'Código QR de uma solicitação de pagamento do restante: {amount} {coin} para {address}',

  refundHeading: 'Solicitar reembolso',
  refundIntro: 'O comerciante devolverá o que você pagou. Informe um endereço seu na rede {network}.',
  refundLabel: 'Seu endereço na rede {network} para o reembolso',
  refundHint:
    'Cole-o da tela “Receber” da sua carteira. Endereços de depósito de corretoras podem não creditar reembolsos.',
  refundSubmit: 'Solicitar reembolso',
  refundRequestedHeading: 'Reembolso solicitado',
  refundRequestedBody:
    '{business} recebeu a solicitação para devolver suas moedas para {address}. O comerciante envia reembolsos manualmente, o que pode levar algum tempo.',
  refundedHeading: 'Reembolsado',
  refundedBody: '{business} enviou seu reembolso.',
  refundTransaction: 'Transação de reembolso',

  expiredHeading: 'Pagamento expirado',
  expiredBody:
    'O prazo para pagar terminou. Não envie mais moedas para este endereço. Se você já enviou, entre em contato com o comerciante informando a referência do pagamento.',
  expiredUnderpaidHeading: 'Expirado, pago parcialmente',
  expiredUnderpaidBody:
    'O prazo terminou após o recebimento de {received} {coin}. Solicite um reembolso abaixo ou entre em contato com o comerciante.',
  expiredReorgedHeading: 'Pagamento revertido',
  expiredReorgedBody:
    'Uma reorganização da blockchain removeu sua transação depois que o prazo de pagamento foi encerrado, portanto o pagamento não foi concluído. Entre em contato com o comerciante informando a referência do pagamento.',
  cancelledHeading: 'Pagamento cancelado',
  cancelledByCustomer: 'Você cancelou este pagamento. Não envie moedas para o endereço dele.',
  cancelledByMerchant: 'O comerciante cancelou este pagamento. Não envie moedas para o endereço dele.',
  receivedAfterClose:
    'Um valor de {amount} {coin} chegou depois que este pagamento foi encerrado. Ele não paga o pedido; o comerciante pode devolvê-lo.',
  seenAfterClose:
    'Uma transação para o endereço deste pagamento foi detectada depois que ele foi encerrado. Quando ela tiver {confirmations, plural, one {# confirmação} other {# confirmações}}, você poderá solicitar a devolução aqui.',
  afterCloseAddressOnRecord:
    'O endereço de reembolso que você informou antes a {business}, {address}, está registrado; peça ao comerciante que devolva o valor para esse endereço.',
  afterCloseRefundRequested:
    '{business} recebeu a solicitação para devolver o valor para {address}. O comerciante envia reembolsos manualmente, o que pode levar algum tempo.',
  refundsSent: 'Reembolsos enviados',
  failedHeading: 'Falha no pagamento',
  failedBody: 'Não foi possível concluir o pagamento ({reason}). Nenhuma moeda foi debitada.',
  'failureReasons.insufficient_balance': 'o saldo era insuficiente',
  'failureReasons.estimate_revert': 'a transação teria falhado',
  'failureReasons.settlement_reverted': 'a transação foi revertida na blockchain',
  failureUnknown: 'motivo desconhecido',
  pendingStatus: 'Aguardando sua escolha.',

  linkPay: 'Pagar',
  linkHint: 'Você escolhe a moeda e a rede na próxima página.',
  linkNotFoundTitle: 'Link de pagamento não encontrado',
  linkNotFoundBody: 'Não há nenhum link de pagamento neste endereço. Verifique o link que você recebeu.',
  linkInactiveTitle: 'Este link de pagamento não está mais ativo',
  linkInactiveBody: 'O comerciante deixou de aceitar pagamentos por este link. Peça um novo link a ele.',
  linkSoldOutTitle: 'Esgotado',
  linkSoldOutBody:
    'Este link de pagamento atingiu o limite. Uma vaga pode ser liberada se um pagamento em aberto expirar sem ser pago; caso contrário, fale com o comerciante.',
  linkUnavailableTitle: 'Não é possível pagar no momento',
  linkUnavailableBody:
    'Este comerciante não pode receber pagamentos por este link no momento. Tente novamente mais tarde ou entre em contato com o comerciante.',

  invoiceTitle: 'Fatura {number}',
  invoiceFrom: 'De',
  invoiceTo: 'Para',
  invoiceDue: 'Vencimento',
  invoiceOverdue: 'Vencida',
  invoiceItem: 'Item',
  invoiceQuantity: 'Quantidade',
  invoiceUnitPrice: 'Preço unitário',
  invoiceAmount: 'Valor',
  invoiceTotal: 'Total',
  invoicePay: 'Pagar',
  invoicePayHint: 'Você escolhe a moeda e a rede na próxima página.',
  invoicePrint: 'Versão para impressão',
  invoiceBack: 'Voltar para a fatura',
  invoicePaidTitle: 'Paga',
  invoicePaidBody: 'Esta fatura foi paga em {date}. Obrigado.',
  invoiceRefundedTitle: 'Reembolsada',
  invoiceRefundedBody: 'O pagamento desta fatura foi reembolsado.',
  invoiceVoidTitle: 'Esta fatura foi anulada',
  invoiceVoidBody: 'O comerciante cancelou esta fatura. Não há nada a pagar.',
  invoiceNotFoundTitle: 'Fatura não encontrada',
  invoiceNotFoundBody: 'Não há nenhuma fatura neste endereço. Verifique o link no seu e-mail.',
  invoiceUnavailableTitle: 'Não é possível pagar no momento',
  invoiceUnavailableBody:
    'Esta fatura não pode ser paga on-line no momento. Tente novamente mais tarde ou entre em contato com o comerciante.',

  notFoundTitle: 'Pagamento não encontrado',
  notFoundBody:
    'Não há nenhum pagamento neste endereço. Verifique o link que você recebeu ou peça um novo ao comerciante.',
  rateLimitedTitle: 'Muitas tentativas',
  rateLimitedBody: 'Aguarde {seconds, plural, one {# segundo} other {# segundos}} e tente novamente.',
  errorTitle: 'Algo deu errado',
  errorBody: 'Não foi possível exibir a página. Tente novamente em instantes.',
  badRequestBody: 'Não foi possível ler o formulário. Volte e tente novamente.',
  unavailableTitle: 'Temporariamente indisponível',
  unavailableBody:
    'Não é possível acessar o serviço de pagamento no momento. Tente novamente em alguns segundos. Se você já enviou seu pagamento, ele não foi perdido: aparecerá aqui assim que o serviço voltar.',
  tryAgain: 'Tentar novamente',
  backToPayment: 'Voltar ao pagamento',
  noticeHeading: 'Aviso',
  noticeRefundAddressInvalid:
    'Este não é um endereço válido da rede {network}. Copie seu endereço novamente na tela Receber da sua carteira.',
  noticeOptionUnavailable:
    'Esta opção não pode ser usada agora. Escolha outra ou tente novamente em alguns minutos.',
  noticeNotPossibleNow: 'Isso não pode mais ser feito neste pagamento: a página mostra a situação atual.',

  mailGreeting: 'Olá,',
  mailGreetingNamed: 'Olá, {name},',
  mailInvoiceSubject: 'Fatura {number} de {business}: {amount}',
  mailInvoiceIntro:
    '{business} enviou a você a fatura {number} no valor de {amount}, com vencimento em {dueDate}.',
  mailInvoiceHow: 'Abra-a para ver os detalhes e pagar com criptomoedas a partir da sua própria carteira.',
  mailInvoiceLink: 'Ver e pagar a fatura',
  mailReminderSubject: 'Lembrete: fatura {number} de {business}',
  mailReminderSubjectOverdue: 'Lembrete: a fatura {number} de {business} está vencida',
  mailReminderTitle: 'Lembrete: fatura {number}',
  mailReminderDue: 'Um lembrete de {business}: a fatura {number} no valor de {amount} vence em {dueDate}.',
  mailReminderOverdue:
    'Um lembrete de {business}: a fatura {number} no valor de {amount} venceu em {dueDate} e ainda está em aberto.',
  mailReminderIgnore: 'Se você já a pagou, pode ignorar este e-mail.',
};
