/** Words of the «Разбор» view. */
import type { Strings } from '../../i18n/i18n';

export const triageStrings: Strings<{
  title: string;
  intro: string;
  /** The keys of «интересно», «неинтересно» and «почему» as the palette names them (registry.ts). */
  keys: (yes: string, no: string, why: string) => string;
  scope: string;
  searches: string;
  all: string;
  order: string;
  byRelevance: string;
  newest: string;
  open: string;
  law: string;
  region: string;
  any: string;
  relevance: string;
  name: string;
  deadline: string;
  why: string;
  reasonsOf: (name: string) => string;
  noReasons: string;
  interesting: string;
  notInteresting: string;
  likely: string;
  empty: string;
  shown: (n: string, total: string) => string;
}> = {
  ru: {
    title: 'Разбор',
    intro: 'Неразобранные закупки ваших поисков. Порядок — по тому, что вы обычно берёте: модель учится на ваших статусах и отметках «Интересно / Неинтересно», локально и бесплатно.',
    keys: (yes, no, why) => `Клавиши: ↑ ↓ — строки, ${yes} — интересно, ${no} — неинтересно, ${why} — почему, Enter — открыть.`,
    scope: 'Закупки',
    searches: 'сохранённых поисков',
    all: 'все в кэше',
    order: 'Порядок',
    byRelevance: 'по релевантности',
    newest: 'новые сверху',
    open: 'срок подачи не истёк',
    law: 'Закон',
    region: 'Регион',
    any: 'любой',
    relevance: 'Релевантность',
    name: 'Закупка',
    deadline: 'Подача до',
    why: 'почему',
    reasonsOf: (name) => `Почему так: ${name}`,
    noReasons: 'Пока без причин: модели нужно больше отметок.',
    interesting: 'Интересно',
    notInteresting: 'Неинтересно',
    likely: 'вероятно интересно',
    empty: 'Неразобранных закупок нет.',
    shown: (n, total) => `показано ${n} из ${total}`,
  },
  en: {
    title: 'Triage',
    intro: 'Undecided tenders of your searches, ordered by what you usually pursue: the model learns from your statuses and «Interesting / Not interesting» marks, locally and for free.',
    keys: (yes, no, why) => `Keys: ↑ ↓ rows, ${yes} interesting, ${no} not interesting, ${why} why, Enter opens.`,
    scope: 'Tenders',
    searches: 'of saved searches',
    all: 'all cached',
    order: 'Order',
    byRelevance: 'by relevance',
    newest: 'newest first',
    open: 'deadline not passed',
    law: 'Law',
    region: 'Region',
    any: 'any',
    relevance: 'Relevance',
    name: 'Tender',
    deadline: 'Bids until',
    why: 'why',
    reasonsOf: (name) => `Why: ${name}`,
    noReasons: 'No reasons yet: the model needs more labels.',
    interesting: 'Interesting',
    notInteresting: 'Not interesting',
    likely: 'likely interesting',
    empty: 'No undecided tenders.',
    shown: (n, total) => `${n} of ${total} shown`,
  },
};
