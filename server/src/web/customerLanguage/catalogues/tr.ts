import type { CustomerCatalogue } from './en.js';

/** Turkish (tr): every customer-facing message; see en.ts for the format. */
export const tr: CustomerCatalogue = {
  pageTitle: 'Ödeme: {business}',
  skipToPayment: 'Ödemeye geç',
  testMode: 'Test ödemesi: Yalnızca test coin’leri gönderin; bunların hiçbir değeri yoktur.',
  paymentReference: 'Ödeme referansı',
  footerNote: 'Gözetimsiz ödeme: Coin’leriniz doğrudan satıcının kendi cüzdanına gider.',
  refreshStatus: 'Durumu yenile',
  noScriptRefresh: 'Bu sayfa her 15 saniyede bir kendiliğinden yenilenir.',
  languageLabel: 'Dil',
  languageChange: 'Değiştir',

  pickHeading: 'Nasıl ödeyeceğinizi seçin',
  pickLegend: 'Coin ve ağ',
  pickHint:
    'Tutarlar güncel kura göre belirlenir; devam ettiğinizde tutar sabitlenir ve ödeme süresi boyunca geçerli kalır.',
  pickOption: '{coin} ({network} ağı)',
  pickRate: '1 {coin} = {rate} {fiat}',
  pickContinue: 'Ödemeye devam et',
  pickNoOptions: 'Şu anda bu ödeme için hiçbir coin kullanılamıyor. Lütfen satıcıyla iletişime geçin.',
  pickDeadline: 'Son seçim zamanı',
  pickRequired: 'Önce bir coin ve ağ seçin.',

  payHeading: 'Ödemeyi gönderin',
  payAwaiting: 'Ödemeniz bekleniyor.',
  payNetwork: 'Ağ',
  payAddress: 'Yatırma adresi',
  payMemo: 'Memo, etiket veya referans (zorunlu)',
  'payMemoOf.xrp': 'Hedef etiketi (Destination Tag, zorunlu)',
  'payMemoOf.stellar': 'Memo (ID, zorunlu)',
  'payMemoOf.solana': 'Solana Pay referansı',
  'payMemoHint.xrp': 'Bu hedef etiketi olmadan ödemeniz bu siparişle eşleştirilemez.',
  'payMemoHint.stellar':
    'Memo türü olarak ID’yi seçin. Bu memo olmadan ödemeniz bu siparişle eşleştirilemez.',
  'payMemoHint.solana':
    'Solana Pay destekleyen bir cüzdanla ödeyin (QR kodunu tarayın veya “Cüzdanda aç” seçeneğini kullanın): Cüzdan bu referansı ekler. Adrese yapılan sıradan bir transfer bu siparişle eşleştirilemez.',
  payAlternate: 'Veya etiketi de içeren bu tek adres',
  payAlternateHint:
    'Destekleyen cüzdanlar için: Bu adres etiketi içerir, bu nedenle ayrı bir etiket veya memo gerekmez.',
  payAmount: 'Tutar',
  payAmountDue: 'Kalan tutar',
  exactAmount: 'Tam tutar: {amount} {coin}',
  payRounded:
    '≈ okunabilirlik için yukarı yuvarlandı: Bu tutarı gönderirseniz ödemenin tamamı yapılmış olur. Kopyala, QR kodu ve Cüzdanda aç tam tutarı verir.',
  payAtLeast:
    'En az gösterilen tutarı gönderin veya tam tutarı kopyalayın. Cüzdanınız ağ ücretini tutardan düşüyorsa ücreti tutarın üzerine ekleyin.',
  payExactly:
    'Tam olarak bu tutarı gönderin. Cüzdanınız ağ ücretini tutardan düşüyorsa ücreti tutarın üzerine ekleyin.',
  copy: 'Kopyala',
  'copyWhat.amount': 'Tutarı kopyala',
  'copyWhat.amountDue': 'Kalan tutarı kopyala',
  'copyWhat.address': 'Yatırma adresini kopyala',
  'copyWhat.memo': 'Memo veya etiketi kopyala',
  'copyWhat.alternate': 'Etiketli adresi kopyala',
  'copyWhat.contract': 'Token kontratını kopyala',
  copied: 'Kopyalandı',
  copyFailed: 'Kopyalanamadı; bunun yerine metni seçin',
  qrAlt: 'Ödeme talebinin QR kodu: {address} adresine {amount} {coin}',
  openInWallet: 'Cüzdanda aç',
  payTokenContract: 'Token kontratı',
  payWithBrowserWallet: 'Tarayıcı cüzdanıyla öde',
  signWithoutGas: 'Bunun yerine imzala (ağ ücreti yok)',
  browserWalletHint:
    'Tarayıcı cüzdanınız sizden onay ister; önce doğru ağa geçer, ağ ekli değilse onu ekler. Bunun yerine imzalarsanız ağ ücretini satıcı öder.',
  chooseWallet: 'Cüzdanınızı seçin',
  walletWorking: 'Cüzdanınız bekleniyor…',
  walletSent: 'Gönderildi. Ödeme ağda görüldüğünde bu sayfa güncellenir.',
  walletFailed: 'Cüzdanınız ödemeyi yapmadı: {reason}',
  walletDeclined: 'İşlemi cüzdanınızda reddettiniz: Hiçbir şey gönderilmedi. Yeniden deneyebilirsiniz.',
  walletLacksChain:
    'Cüzdanınız {network} ağını tanımıyor: Ağı cüzdanınıza ekleyin, ardından yeniden deneyin.',
  testWalletButton: 'Test cüzdanıyla öde',
  testWalletHint:
    'Yerel geliştirme zinciri: Bakiyesi yüklenmiş test hesabı tam olarak ödenmesi gereken tutarı gönderir. Gerçek para kullanılmaz.',
  testWalletUnavailable: 'Test cüzdanı yalnızca yerel geliştirme zincirindeki açık ödemeleri öder.',
  timeLeft: 'Kalan süre',
  payBy: 'Son ödeme zamanı: {deadline}.',
  timeUp: 'Süre doldu',
  networkWarning:
    'Bu adrese yalnızca {network} ağı üzerinden {coin} gönderin. Başka herhangi bir coin veya başka bir ağ üzerinden gönderilen {coin} kaybolur.',
  cancelLink: 'Ödemeyi iptal et',

  cancelHeading: 'Bu ödeme iptal edilsin mi?',
  cancelWarning:
    'Zaten coin gönderdiyseniz iptal etmeyin: Ödeme algılanana kadar bekleyin. İptal edilen bir ödeme artık yapılamaz.',
  cancelConfirm: 'Evet, ödemeyi iptal et',
  cancelBack: 'Hayır, ödemeye geri dön',

  detectedHeading: 'Ödeme algılandı',
  confirmingHeading: 'Ödeme onaylanıyor',
  detectedBody: 'İşleminiz ağda görüldü. Bu sayfayı açık tutun veya daha sonra tekrar gelin.',
  confirmationProgress: 'Onaylanıyor: {done} / {needed, plural, other {# blok}}',
  transactions: 'İşlemler',
  transactionLine: '{amount} {coin}, {confirmations, plural, other {# onay}}',
  transactionRemoved: '{amount} {coin}, geri alındı (artık sayılmıyor)',
  received: 'Alınan: {received} / {total} {coin}.',

  confirmedHeading: 'Ödeme onaylandı',
  confirmedBody: 'Teşekkür ederiz. Ödemeniz {business} tarafından alındı.',
  overpaidNote: 'Gerekenden {excess} {coin} fazla gönderdiniz. Fark için satıcıyla iletişime geçin.',
  redirecting: '{business} sayfasına geri yönlendiriliyorsunuz…',
  returnToMerchant: '{business} sayfasına dön',

  underpaidHeading: 'Kısmen ödendi',
  underpaidBody:
    'Ödemede {due} {coin} eksik var. Süre dolmadan kalanını gönderin veya gönderdiğiniz tutarın iadesini talep edin.',
  remainderHeading: 'Kalanı ödeyin',
  remainderQrAlt: 'Kalan tutar için ödeme talebinin QR kodu: {address} adresine {amount} {coin}',

  refundHeading: 'İade talep edin',
  refundIntro: 'Satıcı ödediğiniz tutarı geri gönderir. {network} ağında size ait bir adres girin.',
  refundLabel: 'İade için {network} adresiniz',
  refundHint:
    'Adresi cüzdanınızın “Al” ekranından kopyalayıp yapıştırın. Borsa yatırma adreslerine yapılan iadeler hesaba yansımayabilir.',
  refundSubmit: 'İade talep et',
  refundRequestedHeading: 'İade talep edildi',
  refundRequestedBody:
    'Coin’lerinizi {address} adresine geri göndermesi için {business} adlı satıcıya talep iletildi. Satıcı iadeleri elle gönderir; bu biraz zaman alabilir.',
  refundedHeading: 'İade edildi',
  refundedBody: 'İadeniz {business} tarafından gönderildi.',
  refundTransaction: 'İade işlemi',

  expiredHeading: 'Ödeme süresi doldu',
  expiredBody:
    'Ödeme süresi doldu. Bu adrese artık coin göndermeyin. Zaten gönderdiyseniz ödeme referansıyla birlikte satıcıyla iletişime geçin.',
  expiredUnderpaidHeading: 'Süresi doldu, kısmen ödendi',
  expiredUnderpaidBody:
    'Süre, {received} {coin} ulaştıktan sonra doldu. Aşağıdan iade talep edin veya satıcıyla iletişime geçin.',
  expiredReorgedHeading: 'Ödeme geri alındı',
  expiredReorgedBody:
    'Ödeme süresi kapandıktan sonra blokzincirdeki bir yeniden düzenleme (reorg) işleminizi kaldırdı; bu nedenle ödeme tamamlanmadı. Ödeme referansıyla birlikte satıcıyla iletişime geçin.',
  cancelledHeading: 'Ödeme iptal edildi',
  cancelledByCustomer: 'Bu ödemeyi iptal ettiniz. Bu ödemenin adresine coin göndermeyin.',
  cancelledByMerchant: 'Satıcı bu ödemeyi iptal etti. Bu ödemenin adresine coin göndermeyin.',
  receivedAfterClose:
    'Bu ödeme kapatıldıktan sonra {amount} {coin} ulaştı. Bu tutar sipariş için ödeme sayılmaz; satıcı tutarı geri gönderebilir.',
  seenAfterClose:
    'Ödeme kapatıldıktan sonra bu ödemenin adresine yapılan bir işlem görüldü. İşlem {confirmations, plural, other {# onay}} aldığında buradan iadesini talep edebilirsiniz.',
  afterCloseAddressOnRecord:
    'Daha önce {business} adlı satıcıya verdiğiniz iade adresi ({address}) kayıtlıdır; satıcıdan tutarı bu adrese geri göndermesini isteyin.',
  afterCloseRefundRequested:
    'Tutarı {address} adresine geri göndermesi için {business} adlı satıcıya talep iletildi. Satıcı iadeleri elle gönderir; bu biraz zaman alabilir.',
  refundsSent: 'Gönderilen iadeler',
  failedHeading: 'Ödeme başarısız oldu',
  failedBody: 'Ödeme tamamlanamadı ({reason}). Hiçbir coin alınmadı.',
  'failureReasons.insufficient_balance': 'bakiye yetersizdi',
  'failureReasons.estimate_revert': 'işlem başarısız olacaktı',
  'failureReasons.settlement_reverted': 'işlem zincir üzerinde geri alındı',
  failureUnknown: 'bilinmeyen neden',
  pendingStatus: 'Seçiminiz bekleniyor.',

  linkPay: 'Öde',
  linkHint: 'Coin ve ağı bir sonraki sayfada seçeceksiniz.',
  linkNotFoundTitle: 'Ödeme bağlantısı bulunamadı',
  linkNotFoundBody: 'Bu adreste bir ödeme bağlantısı yok. Size verilen bağlantıyı kontrol edin.',
  linkInactiveTitle: 'Bu ödeme bağlantısı artık etkin değil',
  linkInactiveBody:
    'Satıcı bu bağlantı üzerinden ödeme almayı durdurdu. Satıcıdan yeni bir bağlantı isteyin.',
  linkSoldOutTitle: 'Tükendi',
  linkSoldOutBody:
    'Bu ödeme bağlantısı sınırına ulaştı. Açık bir ödemenin süresi ödenmeden dolarsa yer açılabilir; aksi takdirde satıcıya başvurun.',
  linkUnavailableTitle: 'Şu anda ödeme yapılamıyor',
  linkUnavailableBody:
    'Bu satıcı şu anda bu bağlantı üzerinden ödeme alamıyor. Lütfen daha sonra tekrar deneyin veya satıcıyla iletişime geçin.',

  invoiceTitle: 'Fatura {number}',
  invoiceFrom: 'Gönderen',
  invoiceTo: 'Alıcı',
  invoiceDue: 'Son ödeme tarihi',
  invoiceOverdue: 'Vadesi geçti',
  invoiceItem: 'Ürün/Hizmet',
  invoiceQuantity: 'Miktar',
  invoiceUnitPrice: 'Birim fiyat',
  invoiceAmount: 'Tutar',
  invoiceTotal: 'Toplam',
  invoicePay: 'Öde',
  invoicePayHint: 'Coin ve ağı bir sonraki sayfada seçeceksiniz.',
  invoicePrint: 'Yazdırılabilir görünüm',
  invoiceBack: 'Faturaya geri dön',
  invoicePaidTitle: 'Ödendi',
  invoicePaidBody: 'Bu fatura {date} tarihinde ödendi. Teşekkür ederiz.',
  invoiceRefundedTitle: 'İade edildi',
  invoiceRefundedBody: 'Bu faturanın ödemesi iade edildi.',
  invoiceVoidTitle: 'Bu fatura geçersiz',
  invoiceVoidBody: 'Satıcı bu faturayı iptal etti. Bu fatura için herhangi bir borcunuz yoktur.',
  invoiceNotFoundTitle: 'Fatura bulunamadı',
  invoiceNotFoundBody: 'Bu adreste bir fatura yok. E-postanızdaki bağlantıyı kontrol edin.',
  invoiceUnavailableTitle: 'Şu anda ödeme yapılamıyor',
  invoiceUnavailableBody:
    'Bu fatura şu anda çevrim içi olarak ödenemiyor. Lütfen daha sonra tekrar deneyin veya satıcıyla iletişime geçin.',

  notFoundTitle: 'Ödeme bulunamadı',
  notFoundBody:
    'Bu adreste bir ödeme yok. Size verilen bağlantıyı kontrol edin veya satıcıdan yeni bir bağlantı isteyin.',
  rateLimitedTitle: 'Çok fazla deneme',
  rateLimitedBody: 'Lütfen {seconds, plural, other {# saniye}} bekleyip tekrar deneyin.',
  errorTitle: 'Bir sorun oluştu',
  errorBody: 'Sayfa görüntülenemedi. Lütfen birazdan tekrar deneyin.',
  badRequestBody: 'Form okunamadı. Geri dönüp tekrar deneyin.',
  unavailableTitle: 'Geçici olarak kullanılamıyor',
  unavailableBody:
    'Ödeme hizmetine şu anda ulaşılamıyor. Lütfen birkaç saniye sonra tekrar deneyin. Ödemenizi zaten gönderdiyseniz kaybolmadı: Hizmet yeniden çalıştığında burada görünür.',
  tryAgain: 'Tekrar dene',
  backToPayment: 'Ödemeye geri dön',
  noticeHeading: 'Bildirim',
  noticeRefundAddressInvalid:
    'Bu geçerli bir {network} adresi değil. Adresinizi cüzdanınızın Al ekranından yeniden kopyalayın.',
  noticeOptionUnavailable:
    'Bu seçenek şu anda kullanılamıyor. Başka bir seçenek seçin veya birkaç dakika sonra tekrar deneyin.',
  noticeNotPossibleNow: 'Bu işlem artık bu ödeme için yapılamaz: sayfa ödemenin güncel durumunu gösteriyor.',

  mailGreeting: 'Merhaba,',
  mailGreetingNamed: 'Sayın {name},',
  mailInvoiceSubject: '{business} – {number} numaralı fatura: {amount}',
  mailInvoiceIntro:
    '{business}, size son ödeme tarihi {dueDate} olan {amount} tutarındaki {number} numaralı faturayı gönderdi.',
  mailInvoiceHow: 'Ayrıntıları görmek ve kendi cüzdanınızdan kripto para ile ödemek için faturayı açın.',
  mailInvoiceLink: 'Faturayı görüntüle ve öde',
  mailReminderSubject: 'Hatırlatma: {business} – {number} numaralı fatura',
  mailReminderSubjectOverdue: 'Hatırlatma: {business} – {number} numaralı faturanın vadesi geçti',
  mailReminderTitle: 'Hatırlatma: {number} numaralı fatura',
  mailReminderDue:
    '{business} tarafından hatırlatma: {amount} tutarındaki {number} numaralı faturanın son ödeme tarihi {dueDate}.',
  mailReminderOverdue:
    '{business} tarafından hatırlatma: {amount} tutarındaki {number} numaralı faturanın son ödeme tarihi {dueDate} idi ve fatura hâlâ ödenmemiş durumda.',
  mailReminderIgnore: 'Faturayı zaten ödediyseniz bu e-postayı dikkate almayabilirsiniz.',
};
