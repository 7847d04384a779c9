/**
 * The sandbox's built-in dictionary: common Kabardian and Adyghe words with glosses in Russian,
 * English and Turkish, a part of speech and one short example each. A stand-in for the service's
 * dictionary, small on purpose; the same concept carries both dialect forms. Kabardian forms use the
 * palochka U+04C0 and Adyghe forms U+04CF, as each is most often printed; lookup accepts either.
 */
export interface DictionaryConcept {
  readonly kbd: string;
  readonly ady: string;
  readonly partOfSpeech: 'noun' | 'adjective' | 'verb' | 'interjection';
  readonly gloss: Readonly<Record<'ru' | 'en' | 'tr', string>>;
  /** One example in each dialect with its rendering in each gloss language. */
  readonly example: Readonly<Record<'kbd' | 'ady' | 'ru' | 'en' | 'tr', string>>;
}

export const DICTIONARY: readonly DictionaryConcept[] = [
  { kbd: 'псы', ady: 'псы', partOfSpeech: 'noun', gloss: { ru: 'вода', en: 'water', tr: 'su' }, example: { kbd: 'псы щӀыӀэ', ady: 'псы чъыӏэ', ru: 'холодная вода', en: 'cold water', tr: 'soğuk su' } },
  { kbd: 'унэ', ady: 'унэ', partOfSpeech: 'noun', gloss: { ru: 'дом', en: 'house', tr: 'ev' }, example: { kbd: 'унэ ин', ady: 'унэ ин', ru: 'большой дом', en: 'a big house', tr: 'büyük bir ev' } },
  { kbd: 'анэ', ady: 'ны', partOfSpeech: 'noun', gloss: { ru: 'мать', en: 'mother', tr: 'anne' }, example: { kbd: 'си анэ', ady: 'сянэ', ru: 'моя мать', en: 'my mother', tr: 'annem' } },
  { kbd: 'адэ', ady: 'ятэ', partOfSpeech: 'noun', gloss: { ru: 'отец', en: 'father', tr: 'baba' }, example: { kbd: 'си адэ', ady: 'сятэ', ru: 'мой отец', en: 'my father', tr: 'babam' } },
  { kbd: 'къуэш', ady: 'шы', partOfSpeech: 'noun', gloss: { ru: 'брат', en: 'brother', tr: 'erkek kardeş' }, example: { kbd: 'къуэш нэхъыжь', ady: 'шы нахьыжъ', ru: 'старший брат', en: 'an elder brother', tr: 'ağabey' } },
  { kbd: 'шыпхъу', ady: 'шыпхъу', partOfSpeech: 'noun', gloss: { ru: 'сестра', en: 'sister', tr: 'kız kardeş' }, example: { kbd: 'шыпхъу нэхъыщӀэ', ady: 'шыпхъу нахьыкӏ', ru: 'младшая сестра', en: 'a younger sister', tr: 'küçük kız kardeş' } },
  { kbd: 'щӀалэ', ady: 'кӏалэ', partOfSpeech: 'noun', gloss: { ru: 'парень, мальчик', en: 'young man, boy', tr: 'delikanlı, oğlan' }, example: { kbd: 'щӀалэ цӀыкӀу', ady: 'кӏалэ цӏыкӏу', ru: 'маленький мальчик', en: 'a little boy', tr: 'küçük bir oğlan' } },
  { kbd: 'пщащэ', ady: 'пшъашъэ', partOfSpeech: 'noun', gloss: { ru: 'девушка', en: 'girl', tr: 'kız' }, example: { kbd: 'пщащэ дахэ', ady: 'пшъашъэ дахэ', ru: 'красивая девушка', en: 'a beautiful girl', tr: 'güzel bir kız' } },
  { kbd: 'цӀыху', ady: 'цӏыф', partOfSpeech: 'noun', gloss: { ru: 'человек', en: 'person', tr: 'insan' }, example: { kbd: 'цӀыху фӀы', ady: 'цӏыф дэгъу', ru: 'хороший человек', en: 'a good person', tr: 'iyi bir insan' } },
  { kbd: 'ныбжьэгъу', ady: 'ныбджэгъу', partOfSpeech: 'noun', gloss: { ru: 'друг', en: 'friend', tr: 'arkadaş' }, example: { kbd: 'си ныбжьэгъу', ady: 'синыбджэгъу', ru: 'мой друг', en: 'my friend', tr: 'arkadaşım' } },
  { kbd: 'хьэщӀэ', ady: 'хьакӏэ', partOfSpeech: 'noun', gloss: { ru: 'гость', en: 'guest', tr: 'misafir' }, example: { kbd: 'хьэщӀэ лъапӀэ', ady: 'хьакӏэ лъапӏэ', ru: 'дорогой гость', en: 'a dear guest', tr: 'değerli misafir' } },
  { kbd: 'шы', ady: 'шы', partOfSpeech: 'noun', gloss: { ru: 'лошадь', en: 'horse', tr: 'at' }, example: { kbd: 'шы фӀыцӀэ', ady: 'шы шӏуцӏэ', ru: 'вороная лошадь', en: 'a black horse', tr: 'siyah at' } },
  { kbd: 'хьэ', ady: 'хьэ', partOfSpeech: 'noun', gloss: { ru: 'собака', en: 'dog', tr: 'köpek' }, example: { kbd: 'хьэ ин', ady: 'хьэ ин', ru: 'большая собака', en: 'a big dog', tr: 'büyük bir köpek' } },
  { kbd: 'джэду', ady: 'цыгъо', partOfSpeech: 'noun', gloss: { ru: 'кошка', en: 'cat', tr: 'kedi' }, example: { kbd: 'джэду цӀыкӀу', ady: 'цыгъо цӏыкӏу', ru: 'маленькая кошка', en: 'a little cat', tr: 'küçük bir kedi' } },
  { kbd: 'дыгъэ', ady: 'тыгъэ', partOfSpeech: 'noun', gloss: { ru: 'солнце', en: 'sun', tr: 'güneş' }, example: { kbd: 'дыгъэ плъыжь', ady: 'тыгъэ плъыжь', ru: 'красное солнце', en: 'a red sun', tr: 'kırmızı güneş' } },
  { kbd: 'мазэ', ady: 'мазэ', partOfSpeech: 'noun', gloss: { ru: 'луна; месяц', en: 'moon; month', tr: 'ay' }, example: { kbd: 'мазэ хужь', ady: 'мазэ фыжь', ru: 'белая луна', en: 'a white moon', tr: 'beyaz ay' } },
  { kbd: 'махуэ', ady: 'мафэ', partOfSpeech: 'noun', gloss: { ru: 'день', en: 'day', tr: 'gün' }, example: { kbd: 'махуэ фӀыуэ', ady: 'мафэ шӏу', ru: 'добрый день', en: 'good day', tr: 'iyi günler' } },
  { kbd: 'жэщ', ady: 'чэщ', partOfSpeech: 'noun', gloss: { ru: 'ночь', en: 'night', tr: 'gece' }, example: { kbd: 'жэщ фӀыуэ', ady: 'чэщ шӏу', ru: 'доброй ночи', en: 'good night', tr: 'iyi geceler' } },
  { kbd: 'илъэс', ady: 'илъэс', partOfSpeech: 'noun', gloss: { ru: 'год', en: 'year', tr: 'yıl' }, example: { kbd: 'ИлъэсыщӀэ', ady: 'Илъэсыкӏ', ru: 'Новый год', en: 'New Year', tr: 'Yeni Yıl' } },
  { kbd: 'жыг', ady: 'чъыг', partOfSpeech: 'noun', gloss: { ru: 'дерево', en: 'tree', tr: 'ağaç' }, example: { kbd: 'жыг ин', ady: 'чъыг ин', ru: 'большое дерево', en: 'a big tree', tr: 'büyük bir ağaç' } },
  { kbd: 'мафӀэ', ady: 'машӏо', partOfSpeech: 'noun', gloss: { ru: 'огонь', en: 'fire', tr: 'ateş' }, example: { kbd: 'мафӀэ ин', ady: 'машӏо ин', ru: 'большой огонь', en: 'a big fire', tr: 'büyük bir ateş' } },
  { kbd: 'щӀы', ady: 'чӏыгу', partOfSpeech: 'noun', gloss: { ru: 'земля', en: 'land, earth', tr: 'toprak, yer' }, example: { kbd: 'ди щӀы', ady: 'тичӏыгу', ru: 'наша земля', en: 'our land', tr: 'toprağımız' } },
  { kbd: 'уэс', ady: 'ос', partOfSpeech: 'noun', gloss: { ru: 'снег', en: 'snow', tr: 'kar' }, example: { kbd: 'уэс хужь', ady: 'ос фыжь', ru: 'белый снег', en: 'white snow', tr: 'beyaz kar' } },
  { kbd: 'уэшх', ady: 'ощх', partOfSpeech: 'noun', gloss: { ru: 'дождь', en: 'rain', tr: 'yağmur' }, example: { kbd: 'уэшх ин', ady: 'ощх ин', ru: 'сильный дождь', en: 'heavy rain', tr: 'şiddetli yağmur' } },
  { kbd: 'хы', ady: 'хы', partOfSpeech: 'noun', gloss: { ru: 'море', en: 'sea', tr: 'deniz' }, example: { kbd: 'Хы ФӀыцӀэ', ady: 'Хы Шӏуцӏэ', ru: 'Чёрное море', en: 'the Black Sea', tr: 'Karadeniz' } },
  { kbd: 'псыхъуэ', ady: 'псыхъо', partOfSpeech: 'noun', gloss: { ru: 'река', en: 'river', tr: 'nehir' }, example: { kbd: 'псыхъуэ ин', ady: 'псыхъо ин', ru: 'большая река', en: 'a big river', tr: 'büyük bir nehir' } },
  { kbd: 'къуршь', ady: 'къушъхьэ', partOfSpeech: 'noun', gloss: { ru: 'гора', en: 'mountain', tr: 'dağ' }, example: { kbd: 'къуршь лъагэ', ady: 'къушъхьэ лъагэ', ru: 'высокая гора', en: 'a high mountain', tr: 'yüksek bir dağ' } },
  { kbd: 'гъуэгу', ady: 'гъогу', partOfSpeech: 'noun', gloss: { ru: 'дорога', en: 'road', tr: 'yol' }, example: { kbd: 'Гъуэгу махуэ!', ady: 'Гъогу мафэ!', ru: 'Счастливого пути!', en: 'Have a good journey!', tr: 'İyi yolculuklar!' } },
  { kbd: 'къуажэ', ady: 'къуаджэ', partOfSpeech: 'noun', gloss: { ru: 'село', en: 'village', tr: 'köy' }, example: { kbd: 'ди къуажэ', ady: 'тикъуаджэ', ru: 'наше село', en: 'our village', tr: 'köyümüz' } },
  { kbd: 'уэрэд', ady: 'орэд', partOfSpeech: 'noun', gloss: { ru: 'песня', en: 'song', tr: 'şarkı' }, example: { kbd: 'уэрэд дахэ', ady: 'орэд дахэ', ru: 'красивая песня', en: 'a beautiful song', tr: 'güzel bir şarkı' } },
  { kbd: 'тхылъ', ady: 'тхылъ', partOfSpeech: 'noun', gloss: { ru: 'книга', en: 'book', tr: 'kitap' }, example: { kbd: 'тхылъ дахэ', ady: 'тхылъ дахэ', ru: 'красивая книга', en: 'a beautiful book', tr: 'güzel bir kitap' } },
  { kbd: 'псалъэ', ady: 'гущыӏэ', partOfSpeech: 'noun', gloss: { ru: 'слово', en: 'word', tr: 'kelime' }, example: { kbd: 'псалъэ дахэ', ady: 'гущыӏэ дахэ', ru: 'красивое слово', en: 'a beautiful word', tr: 'güzel bir kelime' } },
  { kbd: 'бзэ', ady: 'бзэ', partOfSpeech: 'noun', gloss: { ru: 'язык', en: 'language, tongue', tr: 'dil' }, example: { kbd: 'ди бзэ', ady: 'тибзэ', ru: 'наш язык', en: 'our language', tr: 'dilimiz' } },
  { kbd: 'цӀэ', ady: 'цӏэ', partOfSpeech: 'noun', gloss: { ru: 'имя', en: 'name', tr: 'ad, isim' }, example: { kbd: 'уи цӀэ', ady: 'уицӏэ', ru: 'твоё имя', en: 'your name', tr: 'adın' } },
  { kbd: 'щхьэ', ady: 'шъхьэ', partOfSpeech: 'noun', gloss: { ru: 'голова', en: 'head', tr: 'baş' }, example: { kbd: 'си щхьэ', ady: 'сишъхьэ', ru: 'моя голова', en: 'my head', tr: 'başım' } },
  { kbd: 'нэ', ady: 'нэ', partOfSpeech: 'noun', gloss: { ru: 'глаз', en: 'eye', tr: 'göz' }, example: { kbd: 'си нэ', ady: 'синэ', ru: 'мой глаз', en: 'my eye', tr: 'gözüm' } },
  { kbd: 'Ӏэ', ady: 'ӏэ', partOfSpeech: 'noun', gloss: { ru: 'рука', en: 'hand, arm', tr: 'el' }, example: { kbd: 'си Ӏэ', ady: 'сиӏэ', ru: 'моя рука', en: 'my hand', tr: 'elim' } },
  { kbd: 'гу', ady: 'гу', partOfSpeech: 'noun', gloss: { ru: 'сердце', en: 'heart', tr: 'kalp, yürek' }, example: { kbd: 'си гу', ady: 'сигу', ru: 'моё сердце', en: 'my heart', tr: 'kalbim' } },
  { kbd: 'шэ', ady: 'щэ', partOfSpeech: 'noun', gloss: { ru: 'молоко', en: 'milk', tr: 'süt' }, example: { kbd: 'шэ хужь', ady: 'щэ фыжь', ru: 'белое молоко', en: 'white milk', tr: 'beyaz süt' } },
  { kbd: 'шыгъу', ady: 'шыгъу', partOfSpeech: 'noun', gloss: { ru: 'соль', en: 'salt', tr: 'tuz' }, example: { kbd: 'шыгъу хужь', ady: 'шыгъу фыжь', ru: 'белая соль', en: 'white salt', tr: 'beyaz tuz' } },
  { kbd: 'мыӀэрысэ', ady: 'мыӏэрысэ', partOfSpeech: 'noun', gloss: { ru: 'яблоко', en: 'apple', tr: 'elma' }, example: { kbd: 'мыӀэрысэ плъыжь', ady: 'мыӏэрысэ плъыжь', ru: 'красное яблоко', en: 'a red apple', tr: 'kırmızı elma' } },
  { kbd: 'ин', ady: 'ин', partOfSpeech: 'adjective', gloss: { ru: 'большой', en: 'big', tr: 'büyük' }, example: { kbd: 'унэ ин', ady: 'унэ ин', ru: 'большой дом', en: 'a big house', tr: 'büyük bir ev' } },
  { kbd: 'цӀыкӀу', ady: 'цӏыкӏу', partOfSpeech: 'adjective', gloss: { ru: 'маленький', en: 'small, little', tr: 'küçük' }, example: { kbd: 'унэ цӀыкӀу', ady: 'унэ цӏыкӏу', ru: 'маленький дом', en: 'a small house', tr: 'küçük bir ev' } },
  { kbd: 'щӀэ', ady: 'кӏэ', partOfSpeech: 'adjective', gloss: { ru: 'новый', en: 'new', tr: 'yeni' }, example: { kbd: 'унэ щӀэ', ady: 'унэ кӏэ', ru: 'новый дом', en: 'a new house', tr: 'yeni bir ev' } },
  { kbd: 'дахэ', ady: 'дахэ', partOfSpeech: 'adjective', gloss: { ru: 'красивый', en: 'beautiful', tr: 'güzel' }, example: { kbd: 'пщащэ дахэ', ady: 'пшъашъэ дахэ', ru: 'красивая девушка', en: 'a beautiful girl', tr: 'güzel bir kız' } },
  { kbd: 'фӀы', ady: 'дэгъу', partOfSpeech: 'adjective', gloss: { ru: 'хороший', en: 'good', tr: 'iyi' }, example: { kbd: 'цӀыху фӀы', ady: 'цӏыф дэгъу', ru: 'хороший человек', en: 'a good person', tr: 'iyi bir insan' } },
  { kbd: 'хужь', ady: 'фыжь', partOfSpeech: 'adjective', gloss: { ru: 'белый', en: 'white', tr: 'beyaz' }, example: { kbd: 'уэс хужь', ady: 'ос фыжь', ru: 'белый снег', en: 'white snow', tr: 'beyaz kar' } },
  { kbd: 'фӀыцӀэ', ady: 'шӏуцӏэ', partOfSpeech: 'adjective', gloss: { ru: 'чёрный', en: 'black', tr: 'siyah' }, example: { kbd: 'шы фӀыцӀэ', ady: 'шы шӏуцӏэ', ru: 'вороная лошадь', en: 'a black horse', tr: 'siyah at' } },
  { kbd: 'плъыжь', ady: 'плъыжь', partOfSpeech: 'adjective', gloss: { ru: 'красный', en: 'red', tr: 'kırmızı' }, example: { kbd: 'мыӀэрысэ плъыжь', ady: 'мыӏэрысэ плъыжь', ru: 'красное яблоко', en: 'a red apple', tr: 'kırmızı elma' } },
  { kbd: 'лъагэ', ady: 'лъагэ', partOfSpeech: 'adjective', gloss: { ru: 'высокий', en: 'high, tall', tr: 'yüksek' }, example: { kbd: 'къуршь лъагэ', ady: 'къушъхьэ лъагэ', ru: 'высокая гора', en: 'a high mountain', tr: 'yüksek bir dağ' } },
  { kbd: 'кӀуэн', ady: 'кӏон', partOfSpeech: 'verb', gloss: { ru: 'идти', en: 'to go', tr: 'gitmek' }, example: { kbd: 'КӀуэ!', ady: 'Кӏо!', ru: 'Иди!', en: 'Go!', tr: 'Git!' } },
  { kbd: 'къэкӀуэн', ady: 'къэкӏон', partOfSpeech: 'verb', gloss: { ru: 'прийти', en: 'to come', tr: 'gelmek' }, example: { kbd: 'КъакӀуэ!', ady: 'Къакӏо!', ru: 'Иди сюда!', en: 'Come here!', tr: 'Gel!' } },
  { kbd: 'шхэн', ady: 'шхэн', partOfSpeech: 'verb', gloss: { ru: 'есть', en: 'to eat', tr: 'yemek yemek' }, example: { kbd: 'Шхэ!', ady: 'Шхэ!', ru: 'Ешь!', en: 'Eat!', tr: 'Ye!' } },
  { kbd: 'ефэн', ady: 'ешъон', partOfSpeech: 'verb', gloss: { ru: 'пить', en: 'to drink', tr: 'içmek' }, example: { kbd: 'Еф!', ady: 'Ешъу!', ru: 'Пей!', en: 'Drink!', tr: 'İç!' } },
  { kbd: 'сэлам', ady: 'сэлам', partOfSpeech: 'interjection', gloss: { ru: 'привет', en: 'hello', tr: 'merhaba' }, example: { kbd: 'Сэлам!', ady: 'Сэлам!', ru: 'Привет!', en: 'Hello!', tr: 'Merhaba!' } },
  { kbd: 'упсэу', ady: 'опсэу', partOfSpeech: 'interjection', gloss: { ru: 'спасибо', en: 'thank you', tr: 'teşekkürler' }, example: { kbd: 'Упсэу!', ady: 'Опсэу!', ru: 'Спасибо!', en: 'Thank you!', tr: 'Teşekkürler!' } },
];
