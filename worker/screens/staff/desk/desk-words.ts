/**
 * A count with its noun in the desk's English, one or many: "1 review to moderate", "3 reviews to
 * moderate". `many` is the plural form when it is not `one` + "s" ("1 e-mail is", "2 e-mails are").
 */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Only the words of `counted`, for a label beside a big number: "review to moderate" or "reviews to moderate". */
export function countedWords(count: number, one: string, many = `${one}s`): string {
  return count === 1 ? one : many;
}
