/**
 * The names of the OKPD2 classes (the first two digits of a code: «класс»), so a dossier's or a flag's class
 * reads «26 — Оборудование компьютерное, электронное и оптическое», not a bare «26». Russian: the
 * class names of OK 034-2014 (КПЕС 2008), sections A–U; English: the division names of the EU's CPA 2008,
 * which OK 034-2014 follows class for class. Classes 04, 34, 40, 44, 48, 54, 57, 67, 76, 83 and 89 do not
 * exist in the classifier. Pure (the renderer imports it).
 */
import type { Locale } from './text';

type ClassName = readonly [ru: string, en: string];

const CLASSES: Readonly<Record<string, ClassName>> = {
  // A: продукция сельского, лесного и рыбного хозяйства
  '01': ['Продукция и услуги сельского хозяйства и охоты', 'Products of agriculture, hunting and related services'],
  '02': ['Продукция лесоводства, лесозаготовок и связанные с этим услуги', 'Products of forestry, logging and related services'],
  '03': ['Рыба и прочая продукция рыболовства и рыбоводства; услуги, связанные с рыболовством и рыбоводством', 'Fish and other fishing products; aquaculture products; support services to fishing'],
  // B: продукция горнодобывающих производств
  '05': ['Уголь', 'Coal and lignite'],
  '06': ['Нефть сырая и газ природный', 'Crude petroleum and natural gas'],
  '07': ['Руды металлические', 'Metal ores'],
  '08': ['Продукция горнодобывающих производств прочая', 'Other mining and quarrying products'],
  '09': ['Услуги в области добычи полезных ископаемых', 'Mining support services'],
  // C: продукция обрабатывающих производств
  '10': ['Продукты пищевые', 'Food products'],
  '11': ['Напитки', 'Beverages'],
  '12': ['Изделия табачные', 'Tobacco products'],
  '13': ['Текстиль и изделия текстильные', 'Textiles'],
  '14': ['Одежда', 'Wearing apparel'],
  '15': ['Кожа и изделия из кожи', 'Leather and related products'],
  '16': ['Древесина и изделия из дерева и пробки, кроме мебели; изделия из соломки и материалов для плетения', 'Wood and products of wood and cork, except furniture; articles of straw and plaiting materials'],
  '17': ['Бумага и изделия из бумаги', 'Paper and paper products'],
  '18': ['Услуги печатные и услуги по копированию звуко- и видеозаписей, а также программных средств', 'Printing and recording services'],
  '19': ['Кокс и нефтепродукты', 'Coke and refined petroleum products'],
  '20': ['Вещества химические и продукты химические', 'Chemicals and chemical products'],
  '21': ['Средства лекарственные и материалы, применяемые в медицинских целях', 'Basic pharmaceutical products and pharmaceutical preparations'],
  '22': ['Изделия резиновые и пластмассовые', 'Rubber and plastic products'],
  '23': ['Продукты минеральные неметаллические прочие', 'Other non-metallic mineral products'],
  '24': ['Металлы основные', 'Basic metals'],
  '25': ['Изделия металлические готовые, кроме машин и оборудования', 'Fabricated metal products, except machinery and equipment'],
  '26': ['Оборудование компьютерное, электронное и оптическое', 'Computer, electronic and optical products'],
  '27': ['Оборудование электрическое', 'Electrical equipment'],
  '28': ['Машины и оборудование, не включенные в другие группировки', 'Machinery and equipment n.e.c.'],
  '29': ['Средства автотранспортные, прицепы и полуприцепы', 'Motor vehicles, trailers and semi-trailers'],
  '30': ['Средства транспортные и оборудование, прочие', 'Other transport equipment'],
  '31': ['Мебель', 'Furniture'],
  '32': ['Изделия готовые прочие', 'Other manufactured goods'],
  '33': ['Услуги по ремонту и монтажу машин и оборудования', 'Repair and installation services of machinery and equipment'],
  // D: электроэнергия, газ, пар и кондиционирование воздуха
  '35': ['Электроэнергия, газ, пар и кондиционирование воздуха', 'Electricity, gas, steam and air conditioning'],
  // E: водоснабжение; водоотведение, услуги по удалению и рекультивации отходов
  '36': ['Вода природная; услуги по очистке воды и водоснабжению', 'Natural water; water treatment and supply services'],
  '37': ['Услуги по водоотведению; шлам сточных вод', 'Sewerage services; sewage sludge'],
  '38': ['Услуги по сбору, обработке и удалению отходов; услуги по утилизации отходов', 'Waste collection, treatment and disposal services; materials recovery services'],
  '39': ['Услуги по рекультивации и прочие услуги по утилизации отходов', 'Remediation services and other waste management services'],
  // F: сооружения и строительные работы
  '41': ['Здания и работы по возведению зданий', 'Buildings and building construction works'],
  '42': ['Сооружения и строительные работы в области гражданского строительства', 'Constructions and construction works for civil engineering'],
  '43': ['Работы строительные специализированные', 'Specialised construction works'],
  // G: услуги по оптовой и розничной торговле; услуги по ремонту автотранспортных средств и мотоциклов
  '45': ['Услуги по оптовой и розничной торговле и услуги по ремонту автотранспортных средств и мотоциклов', 'Wholesale and retail trade and repair services of motor vehicles and motorcycles'],
  '46': ['Услуги по оптовой торговле, кроме оптовой торговли автотранспортными средствами и мотоциклами', 'Wholesale trade services, except of motor vehicles and motorcycles'],
  '47': ['Услуги по розничной торговле, кроме розничной торговли автотранспортными средствами и мотоциклами', 'Retail trade services, except of motor vehicles and motorcycles'],
  // H: услуги транспорта и складского хозяйства
  '49': ['Услуги сухопутного и трубопроводного транспорта', 'Land transport services and transport services via pipelines'],
  '50': ['Услуги водного транспорта', 'Water transport services'],
  '51': ['Услуги воздушного и космического транспорта', 'Air transport services'],
  '52': ['Услуги по складированию и вспомогательные транспортные услуги', 'Warehousing and support services for transportation'],
  '53': ['Услуги почтовой связи и услуги курьерские', 'Postal and courier services'],
  // I: услуги гостиничного хозяйства и общественного питания
  '55': ['Услуги по предоставлению мест для временного проживания', 'Accommodation services'],
  '56': ['Услуги общественного питания', 'Food and beverage serving services'],
  // J: услуги в области информации и связи
  '58': ['Услуги издательские', 'Publishing services'],
  '59': ['Услуги по производству кинофильмов, видеофильмов и телевизионных программ, звукозаписей и изданию музыкальных записей', 'Motion picture, video and television programme production services, sound recording and music publishing'],
  '60': ['Услуги в области теле- и радиовещания', 'Programming and broadcasting services'],
  '61': ['Услуги телекоммуникационные', 'Telecommunications services'],
  '62': ['Продукты программные и услуги по разработке программного обеспечения; консультационные и аналогичные услуги в области информационных технологий', 'Computer programming, consultancy and related services'],
  '63': ['Услуги в области информационных технологий', 'Information services'],
  // K: услуги финансовые и страховые
  '64': ['Услуги финансовые, кроме услуг по страхованию и пенсионному обеспечению', 'Financial services, except insurance and pension funding'],
  '65': ['Услуги по страхованию, перестрахованию и негосударственному пенсионному обеспечению, кроме обязательного социального обеспечения', 'Insurance, reinsurance and pension funding services, except compulsory social security'],
  '66': ['Услуги вспомогательные, связанные с услугами финансового посредничества и страхования', 'Services auxiliary to financial services and insurance services'],
  // L: услуги, связанные с недвижимым имуществом
  '68': ['Услуги по операциям с недвижимым имуществом', 'Real estate services'],
  // M: услуги, связанные с научной, инженерно-технической и профессиональной деятельностью
  '69': ['Услуги юридические и бухгалтерские', 'Legal and accounting services'],
  '70': ['Услуги головных офисов; услуги консультативные в области управления предприятием', 'Services of head offices; management consulting services'],
  '71': ['Услуги в области архитектуры и инженерно-технического проектирования; услуги в области технических испытаний, исследований и анализа', 'Architectural and engineering services; technical testing and analysis services'],
  '72': ['Услуги и работы, связанные с научными исследованиями и экспериментальными разработками', 'Scientific research and development services'],
  '73': ['Услуги рекламные и услуги по исследованию конъюнктуры рынка', 'Advertising and market research services'],
  '74': ['Услуги профессиональные, научные и технические, прочие', 'Other professional, scientific and technical services'],
  '75': ['Услуги ветеринарные', 'Veterinary services'],
  // N: услуги административные и вспомогательные
  '77': ['Услуги по аренде и лизингу', 'Rental and leasing services'],
  '78': ['Услуги по трудоустройству и подбору персонала', 'Employment services'],
  '79': ['Услуги туристических агентств, туроператоров и прочие услуги по бронированию и сопутствующие им услуги', 'Travel agency, tour operator and other reservation services and related services'],
  '80': ['Услуги по обеспечению безопасности и проведению расследований', 'Security and investigation services'],
  '81': ['Услуги по обслуживанию зданий и территорий', 'Services to buildings and landscape'],
  '82': ['Услуги в области административного, хозяйственного и прочего вспомогательного обслуживания', 'Office administrative, office support and other business support services'],
  // O: услуги в сфере государственного управления и обеспечения военной безопасности; социального обеспечения
  '84': ['Услуги в области государственного управления и обеспечения военной безопасности, услуги по обязательному социальному обеспечению', 'Public administration and defence services; compulsory social security services'],
  // P: услуги в области образования
  '85': ['Услуги в области образования', 'Education services'],
  // Q: услуги в области здравоохранения и социальные услуги
  '86': ['Услуги в области здравоохранения', 'Human health services'],
  '87': ['Услуги по предоставлению ухода с обеспечением проживания', 'Residential care services'],
  '88': ['Услуги социальные без обеспечения проживания', 'Social work services without accommodation'],
  // R: услуги в области искусства, развлечений, отдыха и спорта
  '90': ['Услуги в области творчества, искусства и развлечений', 'Creative, arts and entertainment services'],
  '91': ['Услуги библиотек, архивов, музеев и прочие услуги в области культуры', 'Library, archive, museum and other cultural services'],
  '92': ['Услуги по организации и проведению азартных игр и заключению пари, по организации и проведению лотерей', 'Gambling and betting services'],
  '93': ['Услуги, связанные со спортом, и услуги по организации развлечений и отдыха', 'Sporting services and amusement and recreation services'],
  // S: услуги общественных организаций; прочие услуги для населения
  '94': ['Услуги общественных организаций', 'Services furnished by membership organisations'],
  '95': ['Услуги по ремонту компьютеров, предметов личного потребления и бытовых товаров', 'Repair services of computers and personal and household goods'],
  '96': ['Услуги персональные прочие', 'Other personal services'],
  // T: товары и услуги домашних хозяйств для собственного потребления; услуги домашних хозяйств с наемными работниками
  '97': ['Услуги домашних хозяйств с наемными работниками', 'Services of households as employers of domestic personnel'],
  '98': ['Продукция и различные услуги частных домашних хозяйств для собственного потребления', 'Undifferentiated goods and services produced by private households for own use'],
  // U: услуги, предоставляемые экстерриториальными организациями и органами
  '99': ['Услуги, предоставляемые экстерриториальными организациями и органами', 'Services provided by extraterritorial organisations and bodies'],
};

/** Every class code of the classifier, in order. */
export const OKPD2_CLASS_CODES: readonly string[] = Object.keys(CLASSES).sort();

/** The class's name, or null for two digits the classifier has no class for. */
export function okpd2ClassTitle(code: string, locale: Locale): string | null {
  const name = CLASSES[code];
  return name ? name[locale === 'en' ? 1 : 0] : null;
}

/** «26 — Оборудование компьютерное, электронное и оптическое»; the code alone when it is not a known class. */
export function okpd2ClassName(code: string, locale: Locale): string {
  const title = okpd2ClassTitle(code, locale);
  return title === null ? code : `${code} — ${title}`;
}
