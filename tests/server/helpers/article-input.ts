// An article as operators send it (POST /admin/articles, `npm run admin -- article add --file`):
// news in English and German, with `over` replacing any top-level field.
export const articleInput = (over: Record<string, unknown> = {}) => ({
  category: "news",
  cover: "/content/welcome-to-quanta.svg",
  publishedAt: "2030-01-02T03:04:05+08:00",
  texts: {
    en: {
      title: "Fees are changing",
      summary: "What changes and when.",
      body: "<p>From March, <strong>lower</strong> fees.</p>",
    },
    de: { title: "Gebühren ändern sich", summary: "Was und wann.", body: "<p>Ab März.</p>" },
  },
  ...over,
});
