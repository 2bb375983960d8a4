import { describe, expect, it } from 'vitest';
import { estimateTokens, truncateToTokens } from './tokenEstimate.ts';

/**
 * The same sentences in many languages, with the larger of their cl100k and o200k token counts
 * (GPT-4's and GPT-4o's tokenizers, counted with gpt-tokenizer when the estimate was tuned).
 */
const measured: Array<[language: string, text: string, tokens: number]> = [
  [
    'english',
    "Good morning, everyone. Let's start with the budget review: Ana will send the revised numbers by Friday, and Bob owns the vendor contract. We agreed to postpone the launch until March 14th because the QA team found 23 critical bugs in build 4.2.1.",
    58,
  ],
  [
    'spanish',
    'Buenos días a todos. Empecemos con la revisión del presupuesto: Ana enviará las cifras revisadas el viernes y Bob se encarga del contrato con el proveedor. Acordamos aplazar el lanzamiento hasta el 14 de marzo.',
    56,
  ],
  [
    'german',
    'Guten Morgen zusammen. Beginnen wir mit der Budgetüberprüfung: Ana schickt die überarbeiteten Zahlen bis Freitag, und Bob übernimmt den Lieferantenvertrag. Wir haben vereinbart, die Markteinführung auf den 14. März zu verschieben.',
    64,
  ],
  [
    'french',
    "Bonjour à tous. Commençons par l'examen du budget : Ana enverra les chiffres révisés d'ici vendredi, et Bob s'occupe du contrat fournisseur. Nous avons convenu de reporter le lancement au 14 mars.",
    56,
  ],
  [
    'vietnamese',
    'Chào buổi sáng mọi người. Hãy bắt đầu với việc xem xét ngân sách: Ana sẽ gửi các số liệu đã sửa đổi trước thứ Sáu, và Bob phụ trách hợp đồng với nhà cung cấp.',
    81,
  ],
  [
    'russian',
    'Доброе утро всем. Начнём с обзора бюджета: Анна пришлёт исправленные цифры к пятнице, а Боб отвечает за договор с поставщиком. Мы договорились перенести запуск на 14 марта.',
    92,
  ],
  [
    'greek',
    'Καλημέρα σε όλους. Ας ξεκινήσουμε με την αναθεώρηση του προϋπολογισμού: η Άννα θα στείλει τα αναθεωρημένα στοιχεία έως την Παρασκευή.',
    123,
  ],
  [
    'arabic',
    'صباح الخير جميعًا. لنبدأ بمراجعة الميزانية: سترسل آنا الأرقام المعدلة بحلول يوم الجمعة، وبوب مسؤول عن عقد المورد. اتفقنا على تأجيل الإطلاق حتى 14 مارس.',
    109,
  ],
  [
    'hebrew',
    'בוקר טוב לכולם. נתחיל בסקירת התקציב: אנה תשלח את המספרים המעודכנים עד יום שישי, ובוב אחראי על החוזה עם הספק.',
    110,
  ],
  [
    'hindi',
    'सभी को सुप्रभात। आइए बजट समीक्षा से शुरू करें: अना शुक्रवार तक संशोधित आंकड़े भेजेंगी, और बॉब विक्रेता अनुबंध के लिए जिम्मेदार है। हमने लॉन्च को 14 मार्च तक स्थगित करने पर सहमति व्यक्त की।',
    191,
  ],
  [
    'thai',
    'สวัสดีตอนเช้าทุกคน เรามาเริ่มด้วยการทบทวนงบประมาณ: แอนนาจะส่งตัวเลขที่แก้ไขแล้วภายในวันศุกร์ และบ็อบรับผิดชอบสัญญากับผู้ขาย',
    118,
  ],
  [
    'chinese',
    '大家早上好。我们先从预算审查开始：安娜将在周五之前发送修订后的数字，鲍勃负责供应商合同。我们同意将发布推迟到三月十四日，因为测试团队发现了二十三个严重缺陷。',
    84,
  ],
  [
    'japanese',
    '皆さん、おはようございます。予算の見直しから始めましょう。アナは金曜日までに修正した数字を送り、ボブはベンダー契約を担当します。',
    64,
  ],
  [
    'korean',
    '여러분 좋은 아침입니다. 예산 검토부터 시작하겠습니다. 안나는 금요일까지 수정된 수치를 보내고, 밥은 공급업체 계약을 담당합니다.',
    63,
  ],
  ['emoji', "Great job team 🎉🎉 let's ship it 🚀 👍🏽 ❤️", 23],
  ['numbers', '[0:03:12] 1234567890 3.14159 2026-11-22 10:00:00 #1234 $4,500.00 50%', 42],
  ['json', '{"seq":12,"text":"Hello there."},{"seq":13,"text":"Yes."}', 20],
  [
    'markdown',
    '# Budget\n## Decisions\n- Postpone launch to March 14\n- Ana sends numbers\n  - by Friday\n',
    26,
  ],
];

describe('estimateTokens', () => {
  it.each(measured)('counts no fewer tokens than GPT-4 and GPT-4o for %s', (_language, text, tokens) => {
    expect(estimateTokens(text)).toBeGreaterThanOrEqual(tokens);
  });

  it('counts Chinese, Japanese and Korean at least one token per character', () => {
    for (const text of ['预算审查', 'おはようございます', '예산검토']) {
      expect(estimateTokens(text)).toBeGreaterThanOrEqual([...text].length);
    }
  });

  it('counts every digit, as tokenizers that split numbers do', () => {
    expect(estimateTokens('1234567890')).toBe(10);
  });

  it('is 0 for no text and at least 1 for any', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('a')).toBe(1);
    expect(estimateTokens('.')).toBe(1);
  });
});

describe('truncateToTokens', () => {
  it('keeps a text that fits whole and cuts one that does not to fit', () => {
    const text = measured.map(([, sample]) => sample).join('\n');
    expect(truncateToTokens(text, estimateTokens(text))).toBe(text);
    for (const limit of [0, 1, 17, 200]) {
      const cut = truncateToTokens(text, limit);
      expect(text.startsWith(cut)).toBe(true);
      expect(estimateTokens(cut)).toBeLessThanOrEqual(limit);
    }
  });
});
