/** The questions and answers of an article's FAQ section (`## … {#faq}`, questions as `###`). */

function plainText(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

export function faqFromArticleHtml(html: string): { question: string; answer: string }[] {
  const start = html.indexOf('<h2 id="faq">');
  if (start === -1) return [];
  const rest = html.slice(start + 1);
  const end = rest.indexOf("<h2");
  const section = end === -1 ? rest : rest.slice(0, end);
  const parts = section.split(/<h3[^>]*>/).slice(1);
  return parts
    .map((part) => {
      const [question = "", answer = ""] = part.split("</h3>");
      return { question: plainText(question), answer: plainText(answer) };
    })
    .filter((item) => item.question.endsWith("?") && item.answer.length > 0);
}
