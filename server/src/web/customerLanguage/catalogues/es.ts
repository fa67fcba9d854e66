import type { CustomerCatalogue } from './en.js';

/** Spanish (es): every customer-facing message; see en.ts for the format. */
export const es: CustomerCatalogue = {
  pageTitle: 'Pagar a {business}',
  skipToPayment: 'Ir al pago',
  testMode: 'Pago de prueba: envíe solo monedas de prueba, no tienen valor.',
  paymentReference: 'Referencia del pago',
  footerNote: 'Pago sin custodia: sus monedas van directamente a la billetera del propio comercio.',
  refreshStatus: 'Actualizar estado',
  noScriptRefresh: 'Esta página se actualiza automáticamente cada 15 segundos.',
  languageLabel: 'Idioma',
  languageChange: 'Cambiar',

  pickHeading: 'Elija cómo pagar',
  pickLegend: 'Moneda y red',
  pickHint:
    'Los importes siguen el tipo de cambio actual; el importe se fija al continuar y se mantiene durante el plazo de pago.',
  pickOption: '{coin} en {network}',
  pickRate: '1 {coin} = {rate} {fiat}',
  pickContinue: 'Continuar al pago',
  pickNoOptions:
    'En este momento no se puede usar ninguna moneda para este pago. Póngase en contacto con el comercio.',
  pickDeadline: 'Elija antes del',
  pickRequired: 'Primero elija una moneda y una red.',

  payHeading: 'Envíe el pago',
  payAwaiting: 'Esperando su pago.',
  payNetwork: 'Red',
  payAddress: 'Dirección de depósito',
  payMemo: 'Memo, etiqueta o referencia (obligatorio)',
  'payMemoOf.xrp': 'Etiqueta de destino (obligatoria)',
  'payMemoOf.stellar': 'Memo (ID, obligatorio)',
  'payMemoOf.solana': 'Referencia de Solana Pay',
  'payMemoHint.xrp': 'Sin esta etiqueta de destino, su pago no se podrá asociar a este pedido.',
  'payMemoHint.stellar':
    'Elija el tipo de memo ID. Sin este memo, su pago no se podrá asociar a este pedido.',
  'payMemoHint.solana':
    'Pague con una billetera compatible con Solana Pay (escanee el código QR o pulse «Abrir en la billetera»): así se añade esta referencia. Una transferencia simple a la dirección no se podrá asociar a este pedido.',
  payAlternate: 'O esta dirección única, con la etiqueta incluida',
  payAlternateHint:
    'Para las billeteras que la admiten: incluye la etiqueta, así que no hace falta indicar una etiqueta ni un memo aparte.',
  payAmount: 'Importe',
  payAmountDue: 'Importe pendiente',
  exactAmount: 'Importe exacto: {amount} {coin}',
  payRounded:
    '≈ redondeado al alza para facilitar la lectura: si envía esta cantidad, el pago queda cubierto. «Copiar», el código QR y «Abrir en la billetera» usan el importe exacto.',
  payAtLeast:
    'Envíe al menos el importe indicado o copie el importe exacto. Si su billetera descuenta la comisión de red del importe, súmele la comisión.',
  payExactly:
    'Envíe exactamente este importe. Si su billetera descuenta la comisión de red del importe, súmele la comisión.',
  copy: 'Copiar',
  'copyWhat.amount': 'Copiar importe',
  'copyWhat.amountDue': 'Copiar importe pendiente',
  'copyWhat.address': 'Copiar dirección de depósito',
  'copyWhat.memo': 'Copiar memo o etiqueta',
  'copyWhat.alternate': 'Copiar dirección con etiqueta',
  'copyWhat.contract': 'Copiar contrato del token',
  copied: 'Copiado',
  copyFailed: 'No se pudo copiar; seleccione el texto manualmente',
  qrAlt: 'Código QR de la solicitud de pago: {amount} {coin} a {address}',
  openInWallet: 'Abrir en la billetera',
  payTokenContract: 'Contrato del token',
  payWithBrowserWallet: 'Pagar con la billetera del navegador',
  signWithoutGas: 'Firmar en su lugar (sin comisión de red)',
  browserWalletHint:
    'La billetera de su navegador le pedirá que confirme; antes cambia a la red correcta y la añade si no la tiene. Si firma en su lugar, el comercio paga la comisión de red.',
  chooseWallet: 'Elija su billetera',
  walletWorking: 'Esperando a su billetera…',
  walletSent: 'Enviado. Esta página se actualizará cuando el pago se detecte en la red.',
  walletFailed: 'Su billetera no realizó el pago: {reason}',
  walletDeclined:
    'Ha rechazado la operación en su billetera: no se ha enviado nada. Puede volver a intentarlo.',
  walletLacksChain:
    'Su billetera no reconoce la red {network}: añádala en su billetera y vuelva a intentarlo.',
  testWalletButton: 'Pagar con una billetera de prueba',
  testWalletHint:
    'Cadena local de desarrollo: su cuenta de prueba con fondos envía exactamente el importe pendiente. No se usa dinero real.',
  testWalletUnavailable: 'La billetera de prueba solo paga pagos abiertos en la cadena local de desarrollo.',
  timeLeft: 'Tiempo restante',
  payBy: 'Pague antes del {deadline}.',
  timeUp: 'Tiempo agotado',
  networkWarning:
    'Envíe a esta dirección solo {coin} en la red {network}. Cualquier otra moneda, o {coin} enviado por otra red, se perderá.',
  cancelLink: 'Cancelar el pago',

  cancelHeading: '¿Cancelar este pago?',
  cancelWarning:
    'Si ya ha enviado monedas, no cancele: espere hasta que se detecte el pago. Un pago cancelado ya no se puede pagar.',
  cancelConfirm: 'Sí, cancelar el pago',
  cancelBack: 'No, volver al pago',

  detectedHeading: 'Pago detectado',
  confirmingHeading: 'Confirmando el pago',
  detectedBody: 'Su transacción se ha detectado en la red. Mantenga esta página abierta o vuelva más tarde.',
  confirmationProgress: 'Confirmando: {done} de {needed, plural, one {# bloque} other {# bloques}}',
  transactions: 'Transacciones',
  transactionLine: '{amount} {coin}, {confirmations, plural, one {# confirmación} other {# confirmaciones}}',
  transactionRemoved: '{amount} {coin}, revertida (ya no se contabiliza)',
  received: 'Recibido: {received} de {total} {coin}.',

  confirmedHeading: 'Pago confirmado',
  confirmedBody: 'Gracias. {business} ha recibido su pago.',
  overpaidNote:
    'Ha enviado {excess} {coin} más de lo necesario. Póngase en contacto con el comercio para resolver la diferencia.',
  redirecting: 'Le estamos redirigiendo a {business}…',
  returnToMerchant: 'Volver a {business}',

  underpaidHeading: 'Pagado parcialmente',
  underpaidBody:
    'Faltan {due} {coin} para completar el pago. Envíe el resto antes de que se agote el tiempo o solicite el reembolso de lo que ha enviado.',
  remainderHeading: 'Pagar el resto',
  remainderQrAlt: 'Código QR de una solicitud de pago por el resto: {amount} {coin} a {address}',

  refundHeading: 'Solicitar un reembolso',
  refundIntro: 'El comercio le devolverá lo que ha pagado. Indique una dirección propia en la red {network}.',
  refundLabel: 'Su dirección de {network} para el reembolso',
  refundHint:
    'Péguela desde la pantalla «Recibir» de su billetera. Es posible que las direcciones de depósito de los exchanges no abonen los reembolsos.',
  refundSubmit: 'Solicitar reembolso',
  refundRequestedHeading: 'Reembolso solicitado',
  refundRequestedBody:
    'Se ha pedido a {business} que le devuelva sus monedas a {address}. El comercio envía los reembolsos manualmente, por lo que puede tardar un tiempo.',
  refundedHeading: 'Reembolsado',
  refundedBody: '{business} ha enviado su reembolso.',
  refundTransaction: 'Transacción de reembolso',

  expiredHeading: 'Pago vencido',
  expiredBody:
    'El plazo para pagar ha terminado. No envíe más monedas a esta dirección. Si ya lo ha hecho, póngase en contacto con el comercio e indique la referencia del pago.',
  expiredUnderpaidHeading: 'Vencido, pagado parcialmente',
  expiredUnderpaidBody:
    'El plazo terminó después de recibirse {received} {coin}. Solicite un reembolso a continuación o póngase en contacto con el comercio.',
  expiredReorgedHeading: 'Pago revertido',
  expiredReorgedBody:
    'Una reorganización de la cadena de bloques eliminó su transacción después de que se cerrara el plazo de pago, por lo que el pago no está completo. Póngase en contacto con el comercio e indique la referencia del pago.',
  cancelledHeading: 'Pago cancelado',
  cancelledByCustomer: 'Ha cancelado este pago. No envíe monedas a su dirección.',
  cancelledByMerchant: 'El comercio ha cancelado este pago. No envíe monedas a su dirección.',
  receivedAfterClose:
    'Se recibió un importe de {amount} {coin} después del cierre de este pago. No sirve para pagar el pedido; el comercio puede devolverlo.',
  seenAfterClose:
    'Se detectó una transacción a la dirección de este pago después de su cierre. Cuando tenga {confirmations, plural, one {# confirmación} other {# confirmaciones}}, podrá solicitar aquí su devolución.',
  afterCloseAddressOnRecord:
    'La dirección de reembolso que indicó antes a {business}, {address}, está registrada; pida al comercio que se lo devuelva a esa dirección.',
  afterCloseRefundRequested:
    'Se ha pedido a {business} que se lo devuelva a {address}. El comercio envía los reembolsos manualmente, por lo que puede tardar un tiempo.',
  refundsSent: 'Reembolsos enviados',
  failedHeading: 'Pago fallido',
  failedBody: 'No se pudo completar el pago ({reason}). No se ha retirado ninguna moneda.',
  'failureReasons.insufficient_balance': 'el saldo era insuficiente',
  'failureReasons.estimate_revert': 'la transacción habría fallado',
  'failureReasons.settlement_reverted': 'la transacción se revirtió en la cadena',
  failureUnknown: 'motivo desconocido',
  pendingStatus: 'Esperando su elección.',

  linkPay: 'Pagar',
  linkHint: 'En la página siguiente elegirá la moneda y la red.',
  linkNotFoundTitle: 'Enlace de pago no encontrado',
  linkNotFoundBody: 'No hay ningún enlace de pago en esta dirección. Compruebe el enlace que recibió.',
  linkInactiveTitle: 'Este enlace de pago ya no está activo',
  linkInactiveBody: 'El comercio ha dejado de aceptar pagos a través de este enlace. Pídale uno nuevo.',
  linkSoldOutTitle: 'Agotado',
  linkSoldOutBody:
    'Este enlace de pago ha alcanzado su límite. Puede que quede una plaza libre si un pago abierto vence sin pagarse; de lo contrario, consulte al comercio.',
  linkUnavailableTitle: 'Los pagos no están disponibles en este momento',
  linkUnavailableBody:
    'Este comercio no puede aceptar pagos a través de este enlace en este momento. Vuelva a intentarlo más tarde o póngase en contacto con el comercio.',

  invoiceTitle: 'Factura {number}',
  invoiceFrom: 'De',
  invoiceTo: 'Para',
  invoiceDue: 'Vencimiento',
  invoiceOverdue: 'Vencida',
  invoiceItem: 'Concepto',
  invoiceQuantity: 'Cantidad',
  invoiceUnitPrice: 'Precio unitario',
  invoiceAmount: 'Importe',
  invoiceTotal: 'Total',
  invoicePay: 'Pagar',
  invoicePayHint: 'En la página siguiente elegirá la moneda y la red.',
  invoicePrint: 'Versión para imprimir',
  invoiceBack: 'Volver a la factura',
  invoicePaidTitle: 'Pagada',
  invoicePaidBody: 'Esta factura se pagó el {date}. Gracias.',
  invoiceRefundedTitle: 'Reembolsada',
  invoiceRefundedBody: 'El pago de esta factura se ha reembolsado.',
  invoiceVoidTitle: 'Esta factura está anulada',
  invoiceVoidBody: 'El comercio ha anulado esta factura. No hay ningún importe pendiente.',
  invoiceNotFoundTitle: 'Factura no encontrada',
  invoiceNotFoundBody:
    'No hay ninguna factura en esta dirección. Compruebe el enlace de su correo electrónico.',
  invoiceUnavailableTitle: 'El pago no está disponible en este momento',
  invoiceUnavailableBody:
    'Esta factura no se puede pagar en línea en este momento. Vuelva a intentarlo más tarde o póngase en contacto con el comercio.',

  notFoundTitle: 'Pago no encontrado',
  notFoundBody:
    'No hay ningún pago en esta dirección. Compruebe el enlace que recibió o pida uno nuevo al comercio.',
  rateLimitedTitle: 'Demasiados intentos',
  rateLimitedBody: 'Espere {seconds, plural, one {# segundo} other {# segundos}} y vuelva a intentarlo.',
  errorTitle: 'Algo salió mal',
  errorBody: 'No se pudo mostrar la página. Vuelva a intentarlo en unos instantes.',
  badRequestBody: 'No se pudo leer el formulario. Vuelva atrás e inténtelo de nuevo.',
  unavailableTitle: 'No disponible temporalmente',
  unavailableBody:
    'En este momento no se puede acceder al servicio de pagos. Vuelva a intentarlo en unos segundos. Si ya ha enviado su pago, no se ha perdido: aparecerá aquí cuando el servicio vuelva a estar disponible.',
  tryAgain: 'Volver a intentarlo',
  backToPayment: 'Volver al pago',
  noticeHeading: 'Aviso',
  noticeRefundAddressInvalid:
    'Esta no es una dirección válida de {network}. Vuelva a copiar su dirección desde la pantalla Recibir de su billetera.',
  noticeOptionUnavailable:
    'Esta opción no se puede usar en este momento. Elija otra o vuelva a intentarlo en unos minutos.',
  noticeNotPossibleNow: 'Esto ya no se puede hacer en este pago: la página muestra su estado actual.',

  mailGreeting: 'Hola:',
  mailGreetingNamed: 'Hola, {name}:',
  mailInvoiceSubject: 'Factura {number} de {business}: {amount}',
  mailInvoiceIntro:
    '{business} le ha enviado la factura {number} por {amount}, con vencimiento el {dueDate}.',
  mailInvoiceHow: 'Ábrala para ver los detalles y pagar con criptomonedas desde su propia billetera.',
  mailInvoiceLink: 'Ver y pagar la factura',
  mailReminderSubject: 'Recordatorio: factura {number} de {business}',
  mailReminderSubjectOverdue: 'Recordatorio: la factura {number} de {business} está vencida',
  mailReminderTitle: 'Recordatorio: factura {number}',
  mailReminderDue: 'Un recordatorio de {business}: la factura {number} por {amount} vence el {dueDate}.',
  mailReminderOverdue:
    'Un recordatorio de {business}: la factura {number} por {amount} venció el {dueDate} y sigue pendiente.',
  mailReminderIgnore: 'Si ya la ha pagado, puede ignorar este correo.',
};
