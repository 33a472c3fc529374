/** How the forms that ask for a first and a last name prefill them from the signed-in user's
 * one name field. Names are written in their own language's order:
 * - "Lan Nguyen" (given name first) → ["Lan", "Nguyen"];
 * - "Nguyễn Văn An" (a Vietnamese family name first, with or without accents) → ["An", "Nguyễn Văn"]:
 *   the given name is the last word, the family and middle names come before it;
 * - "Anh Thu Nguyen" (a Vietnamese family name last) → ["Anh Thu", "Nguyen"];
 * - "王小明" or "王 小明" (Chinese, surname first) → ["小明", "王"], a two-character surname kept whole
 *   ("欧阳娜娜" → ["娜娜", "欧阳"]). */
export function splitName(name: string): [string, string] {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const [first, ...rest] = words;
  if (first === undefined) return ["", ""];
  const joined = words.join("");
  if (HAN.test(joined) && !LATIN.test(joined)) return splitChineseName(joined);
  const given = rest.slice(0, -1);
  const last = rest.at(-1);
  if (last !== undefined) {
    const familyFirst = VIETNAMESE_FAMILY_NAMES.has(folded(first));
    const familyLast = VIETNAMESE_FAMILY_NAMES.has(folded(last));
    if (familyFirst && !familyLast) return [last, [first, ...given].join(" ")];
    if (familyLast && !familyFirst) return [[first, ...given].join(" "), last];
  }
  return [first, rest.join(" ")];
}

const HAN = /\p{Script=Han}/u;
const LATIN = /\p{Script=Latin}/u;

// The common family names of Vietnam (nine in ten people bear one), folded; those that are as
// often given names (Mai, Hà, Lâm, Châu...) are left out, so "Mai Nguyen" keeps its order.
const VIETNAMESE_FAMILY_NAMES = new Set([
  "nguyen", "tran", "le", "pham", "hoang", "huynh", "phan", "vu", "vo", "dang", "bui", "do",
  "ho", "ngo", "duong", "ly", "dinh", "trinh", "doan", "truong", "luong", "quach", "luu", "kieu",
]);

const CHINESE_TWO_CHARACTER_SURNAMES = new Set([
  "欧阳", "司马", "诸葛", "上官", "东方", "皇甫", "尉迟", "公孙", "慕容", "夏侯", "令狐",
  "长孙", "宇文", "司徒", "端木", "澹台", "轩辕", "呼延", "南宫", "万俟", "闻人", "西门",
]);

function splitChineseName(name: string): [string, string] {
  const characters = Array.from(name);
  if (characters.length < 2) return [name, ""];
  const surnameLength =
    characters.length > 2 && CHINESE_TWO_CHARACTER_SURNAMES.has(characters.slice(0, 2).join("")) ? 2 : 1;
  return [characters.slice(surnameLength).join(""), characters.slice(0, surnameLength).join("")];
}

/** "Nguyễn" → "nguyen", "Đặng" → "dang": the word without its accents, for comparing. */
function folded(word: string): string {
  return word.normalize("NFD").replace(/\p{Mark}/gu, "").replace(/[đĐ]/g, "d").toLowerCase();
}
