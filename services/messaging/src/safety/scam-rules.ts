/**
 * The scam guard's rules: which of the common Bay Area scams a chat message looks like, in Vietnamese
 * and English, with or without diacritics (see ./normalize.ts for the spellings it reads through).
 * Nothing is blocked: the kind found is stored with the message and its receiver sees a safety tip.
 *
 * One kind per message, the first that matches in this order (the most specific and most harmful first):
 *  - code_request: asks for a verification code ("mã xác nhận", "the code you got", Google Voice);
 *  - gift_card: payment in gift cards (thẻ quà tặng; Apple, Google Play, Target, Steam cards);
 *  - off_platform_payment: Zelle / Venmo / Cash App / PayPal friends and family / a wire, up front;
 *    PayPal friends and family, wires, Western Union, MoneyGram and crypto whenever they are asked for;
 *  - prepayment: money or a deposit before viewing or meeting ("chuyển khoản trước", "đặt cọc để giữ",
 *    "deposit before viewing", "I am out of town, I will mail you the keys");
 *  - external_link: a link to anywhere but our own site;
 *  - contact_details: a phone number, an e-mail address, or "zalo / whatsapp me" — only in a message to
 *    a stranger (see ./scam-guard.ts for when a message is one).
 * Paying or leaving a deposit after seeing, at pickup or in person ("đặt cọc sau khi xem nhà", "Zelle
 * when I pick it up") is what honest people do, and is not flagged.
 */
import type { MessageWarning } from '@vnmarket/proto';
import { normalizeMessage, type NormalizedText } from './normalize';

export type ScamKind = MessageWarning;
/** The order in which kinds are chosen: the first found is the message's warning. */
const MESSAGE_WARNING_ORDER: readonly ScamKind[] = ['code_request', 'gift_card', 'off_platform_payment', 'prepayment', 'external_link', 'contact_details'];

/** Any of these words, as whole words. */
const anyOf = (...words: string[]) => new RegExp(`(?<![a-z0-9])(?:${words.join('|')})(?![a-z0-9])`);

/** Paying or sending money (a bare "send" or "gửi" is not: photos are sent too). */
const PAY = anyOf(
  'pay',
  'paid',
  'paying',
  'payment',
  'transfer',
  'wire',
  'zelle',
  'venmo',
  'send (?:me |us |over )?(?:the |a |your )?(?:money|payment|deposit|funds|cash|\\$?\\d+)',
  'chuyen khoan',
  'chuyen tien',
  'chuyen coc',
  'chuyen truoc',
  'chuyen (?:cho |qua )?(?:anh|chi|em|minh|tui|toi) (?:\\d+|truoc|coc|tien)',
  'gui tien',
  'gui coc',
  'gui (?:anh|chi|em|minh|tui|toi) (?:\\d+|truoc|tien|coc)',
  'tra(?! loi| gia| lai| hang)',
  'dong tien',
  'dong coc',
  'nop tien',
  'nop coc',
  'bank (?:truoc|cho|qua)',
);

/** Before seeing, meeting or signing; up front; to hold it. */
const UP_FRONT = anyOf(
  'truoc',
  'de giu(?: cho| phong| nha| hang| xe)?',
  'giu (?:cho|phong|nha|hang|xe) cho',
  'lien(?! he| lac)',
  'ngay (?:bay gio|hom nay)',
  'up ?front',
  'in advance',
  'first',
  'beforehand',
  'to (?:hold|reserve|secure|lock)(?: it| the (?:room|unit|place|apartment|house|item|car))?',
  'right now',
  'today to hold',
);

/** Said of paying after seeing, at pickup or in person: what honest people do. */
const ON_MEETING = anyOf(
  'sau khi (?:xem|coi|gap|nhan|ky|kiem tra|thay)',
  '(?<!truoc )khi (?:gap|xem|coi|nhan(?: hang)?|lay(?: hang)?|giao|den|ky)',
  'luc (?:gap|lay|nhan|giao|xem)',
  'tai cho',
  'truc tiep',
  'tien mat',
  'gap mat',
  'truoc khi (?:[a-z]+ )?(?:tra|chuyen|dua|pay)',
  'xem (?:nha |phong |xe |hang )?truoc',
  'before (?:any |the |i )?(?:payment|paying|pay)',
  '(?:see|meet|view|check) (?:it |you |the [a-z]+ )?first',
  'after (?:you |we |the )?(?:viewing|seeing|see|view|showing|signing|sign|inspection|pickup|meet|meeting|check)',
  'when (?:we meet|you (?:pick|see|come|view|get)|i (?:pick|see|come|get))',
  'in person',
  '(?:at|on|upon) (?:pickup|pick up|delivery|the showing|signing)',
  'cash only',
);

/** Unreachable in person: the owner is away and will "mail the keys". */
const AWAY = anyOf(
  'dang o (?:xa|nuoc ngoai|viet nam|vn|tieu bang khac|texas|canada)',
  'khong o (?:day|gan|bay area|cali)',
  'gui chia khoa qua',
  'chia khoa qua buu dien',
  'out of (?:town|the country|state)',
  'overseas',
  'mail (?:you )?the keys?',
  'ship (?:you )?the keys?',
  'on a mission',
  'deployed',
);

const DEPOSIT = anyOf('dat coc', 'tien coc', 'coc', 'deposit', 'holding fee', 'reservation fee', 'application fee', "first month(?:s|'s)? rent");

const APP = anyOf('zelle', 'venmo', 'cash app', 'paypal', 'apple pay', 'chime');
const ALWAYS_OFF_PLATFORM = anyOf(
  'paypal (?:friends|family|friends family|friends and family)',
  'friends (?:and|&) family',
  'friends family',
  'western union',
  'moneygram',
  'wire (?:transfer|the money|me)',
  'bank wire',
  'bitcoin',
  'btc',
  'crypto',
  'usdt',
  'tien ao',
);

const GIFT_CARD = anyOf(
  'gift ?cards?',
  'the qua tang',
  'the qua',
  'phieu qua tang',
  'the cao',
  'cao the',
  'ma the',
  'so the cao',
  '(?:apple|itunes|google ?play|target|steam|amazon|ebay|walmart|sephora|razer|vanilla|best ?buy) (?:gift )?cards?',
  'the (?:apple|itunes|google ?play|target|steam|amazon|ebay|walmart|vanilla)',
);

const CODE_REQUEST = [
  anyOf('ma xac (?:nhan|minh|thuc)', 'ma otp', 'otp', 'verification code', 'verify code', 'confirmation code', 'google voice', 'ma google', 'code google'),
  anyOf(
    '(?:send|give|tell|read|text|forward) (?:me |us )?(?:back )?(?:the |that |your )?(?:\\d[- ]?digits? |six[- ]digits? |\\d so )?(?:code|ma|pin)',
    'the (?:\\d[- ]?digit )?code (?:you|that you|u) (?:got|get|received|just got|will get)',
    '(?:code|ma) (?:vua|moi) (?:gui|nhan|toi|den)',
    '(?:doc|gui|cho|dua|nhan|nhan tin) (?:lai )?(?:giup )?(?:anh|chi|em|minh|toi|tui|t)? ?(?:cai |cai ma |con )?(?:ma|code|so ma)(?: so)?(?: vua| 6 so| gui| do| nha| di| ve)',
    '(?:ma|code) (?:6|sau) (?:so|chu so)',
    '\\d[- ]?digit code',
    'six[- ]digit code',
  ),
];

const CONTACT_APPS = anyOf(
  '(?:zalo|whatsapp|whats app|wa|telegram|viber|signal|wechat|kakao|line|messenger|facebook|fb|imessage)(?: me| minh| em| anh| chi| nha| nhe| voi| cho| so)',
  '(?:add|inbox|ket ban|nhan tin qua|lien he qua|lien lac qua|qua|text me on|message me on|find me on|reach me on|hit me up on|dm me on|chat on) (?:zalo|whatsapp|whats app|telegram|viber|signal|wechat|kakao|line|messenger|facebook|fb)',
  'zalo',
  'whatsapp',
  'telegram',
  'viber',
  'wechat',
  'kakaotalk',
  '(?:text|call) me at',
  '(?:goi|nhan tin|lien he|lien lac|text|call) (?:cho )?(?:anh|chi|em|minh|toi|tui|me)? ?(?:qua )?(?:so|so dien thoai|dien thoai|sdt)',
  'so dien thoai (?:cua )?(?:anh|chi|em|minh|toi|tui)',
  'my (?:cell|number|phone|email|e-mail) is',
);

/** A run of ten or more digits set apart only by spaces, dots, dashes or brackets (a US or Vietnamese phone number). */
function hasPhoneNumber(plain: string): boolean {
  for (const [run] of plain.matchAll(/\+?\(?\d[\d\s().-]{7,}\d/g)) {
    // Thousands grouped by dots or commas ("1.200.000.000 đ") are an amount, not a number to call.
    if (/^\d{1,3}(?:[.,]\d{3})+$/.test(run.trim())) continue;
    const digits = run.replace(/\D/g, '').length;
    if (digits >= 10 && digits <= 13) return true;
  }
  return false;
}

// Starting only where a word starts: tried from inside a long run of letters, it would take quadratic time.
const EMAIL = /(?<![a-z0-9._%+-])[a-z0-9._%+-]+\s*(?:@|\(at\)|\[at\]| at )\s*[a-z0-9-]+(?:\s*(?:\.|\(dot\)|\[dot\]| dot )\s*[a-z]{2,})+/;
const URL_LIKE =
  /(?:https?:\/\/|www\.)[^\s]+|(?<![@a-z0-9.-])(?:[a-z0-9-]+\.)+(?:com|net|org|io|co|me|ly|xyz|top|info|vn|link|site|online|app|shop|click|us|biz|gl|to|cc|tk|ru|cn)(?![a-z0-9])(?:\/[^\s]*)?/g;

/** The host of a link as written (scheme or not), or undefined when it is not one. */
function hostOf(link: string): string | undefined {
  const candidate = /^https?:\/\//.test(link) ? link : `https://${link}`;
  return URL.canParse(candidate) ? new URL(candidate).hostname.replace(/^www\./, '') : undefined;
}

function hasForeignLink(plain: string, ownHosts: ReadonlySet<string>): boolean {
  const withoutEmails = plain.replace(new RegExp(EMAIL.source, 'g'), ' ');
  for (const [link] of withoutEmails.matchAll(URL_LIKE)) {
    const host = hostOf(link.replace(/[),.!?]+$/, ''));
    if (host && !ownHosts.has(host)) return true;
  }
  return false;
}

function matchesPrepayment({ words }: NormalizedText): boolean {
  if (!PAY.test(words) && !DEPOSIT.test(words)) return false;
  if (AWAY.test(words)) return true;
  const beforeSeeing = anyOf(
    'truoc khi (?:xem|coi|gap|den|toi|nhan)',
    'khong can (?:xem|coi|gap)',
    'chua (?:xem|coi|gap)',
    'before (?:viewing|seeing|you see|the showing|we meet|meeting|i (?:can )?show)',
    'truoc khi (?:gui|giao|ship)(?: hang| do| xe)?',
    'before (?:shipping|delivery|i ship|sending|i send)',
    'sight unseen',
    'without (?:viewing|seeing)',
  );
  if (beforeSeeing.test(words)) return true;
  if (ON_MEETING.test(words)) return false;
  return UP_FRONT.test(words);
}

function matchesOffPlatformPayment(text: NormalizedText): boolean {
  const { words } = text;
  if (ALWAYS_OFF_PLATFORM.test(words)) return true;
  if (!APP.test(words)) return false;
  return matchesPrepayment(text) || (!ON_MEETING.test(words) && (UP_FRONT.test(words) || DEPOSIT.test(words)));
}

export interface ScamRuleOptions {
  /** Our own hosts (from PUBLIC_ORIGINS): links to them are not off the platform. */
  ownHosts: ReadonlySet<string>;
}

/** Every kind the message matches, most specific first (contact_details included; the caller decides whether it counts). */
export function scamKinds(content: string, { ownHosts }: ScamRuleOptions): ScamKind[] {
  const text = normalizeMessage(content);
  const found: Record<ScamKind, boolean> = {
    code_request: CODE_REQUEST.some((rule) => rule.test(text.words)),
    gift_card: GIFT_CARD.test(text.words),
    off_platform_payment: matchesOffPlatformPayment(text),
    prepayment: matchesPrepayment(text),
    external_link: hasForeignLink(text.plain, ownHosts),
    contact_details: hasPhoneNumber(text.plain) || EMAIL.test(text.plain) || CONTACT_APPS.test(text.words),
  };
  return MESSAGE_WARNING_ORDER.filter((kind) => found[kind]);
}
