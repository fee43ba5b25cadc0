/**
 * The words of a sandbox document: what a customer writes in a notice, a technical specification,
 * a draft contract, a price justification. Made from the tender row, the version row of the document's
 * revision and the seed, so the same URL always gives the same text; the amendments that changed the slot
 * before that revision edit it (a quantity, the delivery term, a characteristic, the payment term), so two
 * revisions differ in a few words the client's diff can show.
 *
 * This is the server's text, written as customers write it; it is not a surface of the app, so it formats
 * money and dates itself.
 */
import { tenderPositions, type Position } from '../data/derive';
import { changeVersions, type PlannedDocument } from '../data/documentPlan';
import { rngFor, STREAM } from '../data/rng';
import type { OrganizationRow, TenderRow, TenderVersionRow } from '../data/rows';

export interface DocumentText {
  title: string;
  paragraphs: string[];
  /** A table (the specification's positions, the price justification's quotes). */
  table: { head: string[]; rows: string[][] } | null;
}

export type DocumentSource = {
  seed: number;
  tender: TenderRow;
  /** The version row of the document's revision. */
  version: TenderVersionRow;
  customer: OrganizationRow;
};

const GOSTS = [
  'ГОСТ 15150-69',
  'ГОСТ 14192-96',
  'ГОСТ Р 51318.32-2016',
  'ГОСТ 12.2.007.0-75',
  'ГОСТ 9.032-74',
  'ГОСТ Р 58177-2018',
  'ГОСТ 30494-2011',
  'ГОСТ Р 50779.12-2021',
  'ГОСТ 26433.0-85',
  'ГОСТ Р 52931-2008',
  'ГОСТ 24297-2013',
  'ГОСТ Р ИСО 9001-2015',
] as const;

const COLOURS = ['белый', 'серый', 'чёрный', 'синий', 'бежевый', 'графитовый'] as const;
const DELIVERY_DAYS = [10, 14, 15, 20, 25, 30, 45, 60] as const;
const PAYMENT_DAYS = [7, 10, 15, 20, 30] as const;
const MAX_TABLE_POSITIONS = 40;

const DOC_KEY = 2000;

const money = (rubles: number): string =>
  `${new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(rubles)} руб.`;
/** `2026-03-14T…` as `14.03.2026`, as people write dates. */
const day = (iso: string): string => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** The specification's terms after the amendments up to the revision: quantities, delivery, one characteristic. */
type SpecTerms = { quantities: Map<number, number>; deliveryDays: number; colour: Map<number, string>; paymentDays: number };

function termsAt(src: DocumentSource, doc: PlannedDocument, positions: Position[]): SpecTerms {
  const base = rngFor(src.seed, STREAM.extras, src.tender.id, DOC_KEY);
  const terms: SpecTerms = {
    quantities: new Map(positions.map((p) => [p.position_ordinal, p.quantity])),
    deliveryDays: base.pick(DELIVERY_DAYS),
    colour: new Map(),
    paymentDays: base.pick(PAYMENT_DAYS),
  };
  for (const w of changeVersions(src.seed, src.tender.id, doc.slot, doc.kind, doc.rev)) {
    const rng = rngFor(src.seed, STREAM.extras, src.tender.id, DOC_KEY, w);
    terms.deliveryDays = rng.pick(DELIVERY_DAYS.filter((d) => d !== terms.deliveryDays));
    terms.paymentDays = rng.pick(PAYMENT_DAYS);
    const edits = Math.min(positions.length, rng.int(1, 3));
    for (let k = 0; k < edits; k++) {
      const p = positions[rng.int(0, positions.length - 1)]!;
      terms.quantities.set(p.position_ordinal, (terms.quantities.get(p.position_ordinal) ?? p.quantity) + rng.int(1, 12));
      if (rng.chance(0.3)) terms.colour.set(p.position_ordinal, rng.pick(COLOURS));
    }
  }
  return terms;
}

function positionsOf(src: DocumentSource): Position[] {
  return tenderPositions(src.seed, src.tender, src.version, 1, Math.min(MAX_TABLE_POSITIONS, src.tender.positions_count));
}

const gostOf = (src: DocumentSource, p: Position): string => GOSTS[(src.tender.id + p.position_ordinal * 7) % GOSTS.length]!;

function header(src: DocumentSource, doc: PlannedDocument): string[] {
  return [
    `Закупка № ${src.tender.etp_id}`,
    `Наименование объекта закупки: ${src.tender.title}`,
    `Заказчик: ${src.customer.name}, ИНН ${src.customer.inn}, адрес: ${src.customer.address}`,
    ...(doc.rev > 1 ? [`Редакция № ${doc.rev}`] : []),
  ];
}

function specText(src: DocumentSource, doc: PlannedDocument): DocumentText {
  const positions = positionsOf(src);
  const terms = termsAt(src, doc, positions);
  const rows = positions.map((p) => {
    const colour = terms.colour.get(p.position_ordinal);
    const characteristics = [p.characteristics, colour ? `цвет: ${colour}` : null].filter(Boolean).join('; ');
    return [String(p.position_ordinal), p.title, characteristics, String(terms.quantities.get(p.position_ordinal) ?? p.quantity), p.unit, gostOf(src, p)];
  });
  return {
    title: doc.name,
    paragraphs: [
      ...header(src, doc),
      `1. Предмет: поставка товара в соответствии с настоящим техническим заданием для нужд ${src.customer.name}.`,
      `2. Код ОКПД2: ${positions[0]?.okpd2_code ?? src.tender.okpd2.split(' ')[0]} (${positions[0]?.okpd2_name ?? ''}).`,
      `3. Срок поставки: не более ${terms.deliveryDays} календарных дней с даты заключения контракта.`,
      `4. Место поставки: ${src.customer.address}.`,
      `5. Товар должен соответствовать требованиям ${[...new Set(positions.slice(0, 3).map((p) => gostOf(src, p)))].join(', ')}; упаковка и маркировка по ГОСТ 14192-96.`,
      `6. Гарантийный срок: не менее 12 месяцев с даты подписания документа о приёмке.`,
      `Всего позиций: ${src.tender.positions_count}.`,
    ],
    table: { head: ['№', 'Наименование', 'Характеристики', 'Количество', 'Ед. изм.', 'Стандарт'], rows },
  };
}

function nmckText(src: DocumentSource, doc: PlannedDocument): DocumentText {
  const positions = positionsOf(src);
  const rng = rngFor(src.seed, STREAM.extras, src.tender.id, DOC_KEY, 7, doc.rev);
  const rows = positions.map((p) => {
    const quotes = [0, 1, 2].map(() => Math.round(p.price * (1 + (rng.float() - 0.4) * 0.2) * 100) / 100);
    return [String(p.position_ordinal), p.title, String(p.quantity), p.unit, ...quotes.map((q) => q.toFixed(2)), p.price.toFixed(2), p.amount.toFixed(2)];
  });
  return {
    title: doc.name,
    paragraphs: [
      ...header(src, doc),
      'Метод сопоставимых рыночных цен (анализа рынка), приказ Минэкономразвития России от 02.10.2013 № 567.',
      `Начальная (максимальная) цена: ${money(src.version.price)}.`,
    ],
    table: { head: ['№', 'Наименование', 'Количество', 'Ед. изм.', 'Поставщик 1', 'Поставщик 2', 'Поставщик 3', 'Цена за ед.', 'Сумма'], rows },
  };
}

function contractText(src: DocumentSource, doc: PlannedDocument): DocumentText {
  const terms = termsAt(src, doc, []);
  return {
    title: doc.name,
    paragraphs: [
      ...header(src, doc),
      `${src.customer.name}, именуемое в дальнейшем «Заказчик», и победитель закупки, именуемый в дальнейшем «Поставщик», заключили настоящий контракт о нижеследующем.`,
      `1. Предмет контракта: ${src.tender.title}.`,
      `2. Цена контракта не превышает ${money(src.version.price)}, включая все расходы Поставщика.`,
      `3. Оплата производится в течение ${terms.paymentDays} рабочих дней с даты подписания Заказчиком документа о приёмке.`,
      `4. Срок поставки: не более ${terms.deliveryDays} календарных дней с даты заключения контракта.`,
      '5. За просрочку исполнения обязательств начисляется пеня в размере одной трёхсотой действующей ключевой ставки Центрального банка Российской Федерации.',
      '6. Контракт вступает в силу с даты подписания сторонами и действует до полного исполнения обязательств.',
    ],
    table: null,
  };
}

function noticeText(src: DocumentSource, doc: PlannedDocument): DocumentText {
  return {
    title: doc.name,
    paragraphs: [
      ...header(src, doc),
      `Начальная (максимальная) цена: ${money(src.version.price)}.`,
      `Дата и время начала подачи заявок: ${day(src.tender.start_date)}.`,
      `Дата и время окончания подачи заявок: ${day(src.version.end_date)}.`,
      `Количество позиций: ${src.tender.positions_count}.`,
      `Регион поставки: код ${src.tender.region}.`,
    ],
    table: null,
  };
}

function boilerplate(src: DocumentSource, doc: PlannedDocument, lines: string[]): DocumentText {
  return { title: doc.name, paragraphs: [...header(src, doc), ...lines], table: null };
}

/** The text of a planned document (not of a bundle: its files have their own). */
export function documentText(src: DocumentSource, doc: PlannedDocument): DocumentText {
  switch (doc.kind) {
    case 'notice':
      return noticeText(src, doc);
    case 'spec':
    case 'documentation':
      return specText(src, doc);
    case 'nmck':
      return nmckText(src, doc);
    case 'contract':
      return contractText(src, doc);
    case 'changes':
      return boilerplate(src, doc, [
        `Внесены изменения в извещение (редакция № ${doc.rev}).`,
        `Дата окончания подачи заявок: ${day(src.version.end_date)}.`,
        `Начальная (максимальная) цена: ${money(src.version.price)}.`,
      ]);
    case 'protocol':
      return boilerplate(src, doc, ['Комиссия рассмотрела заявки участников и подвела итоги определения поставщика.', `Дата протокола: ${day(src.version.update_date)}.`]);
    case 'cancellation':
      return boilerplate(src, doc, ['Заказчик принял решение об отмене определения поставщика.', `Дата решения: ${day(src.version.update_date)}.`]);
    case 'requirements':
      return boilerplate(src, doc, [
        'Заявка на участие в закупке должна содержать предложение участника о цене контракта, информацию и документы об участнике закупки.',
        'Декларация о соответствии участника требованиям пунктов 3-5, 7-11 части 1 статьи 31 Федерального закона № 44-ФЗ.',
      ]);
    case 'form':
      return boilerplate(src, doc, ['Форма заявки: наименование участника, ИНН, КПП, адрес, предложение о цене, согласие на поставку товара на условиях документации.']);
    case 'order':
      return boilerplate(src, doc, ['Критерии оценки: цена контракта (60 %), квалификация участника (40 %).', 'Заявки оцениваются комиссией в порядке, установленном Положением об оценке.']);
    case 'terms':
      return boilerplate(src, doc, ['Участником может быть любое юридическое лицо или индивидуальный предприниматель.', `Обеспечение заявки: 1 % начальной цены (${money(src.version.price / 100)}).`]);
    case 'bundle':
      throw new Error('a bundle has no text of its own');
  }
}

/** The text as plain lines, as the client extracts it (paragraphs, then the table's rows, cells by tabs). */
export function plainText(t: DocumentText): string {
  return [t.title, ...t.paragraphs, ...(t.table ? [t.table.head, ...t.table.rows].map((r) => r.join('\t')) : [])].join('\n');
}
