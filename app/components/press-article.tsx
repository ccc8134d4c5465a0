import type { ReactNode } from "react";

export interface PressArticleContent {
  title: string;
  summary: string;
  paragraphs: string[];
  isoDate: string;
  dateLabel: string;
  views: number;
}

/**
 * An article as visitors read it: the public page renders it, and the console's preview renders
 * the same markup so that what staff check is what visitors will see. Text only: the content is
 * split at line breaks and never read as HTML.
 */
export function PressArticleView({ article, children }: { article: PressArticleContent; children?: ReactNode }) {
  return (
    <article className="press-article" aria-labelledby="press-article-title">
      <header className="press-article__header">
        <h2 id="press-article-title" className="press-article__title">
          {article.title}
        </h2>
        <dl className="press-article__meta">
          <div>
            <dt>작성자</dt>
            <dd>관리자</dd>
          </div>
          <div>
            <dt>작성일</dt>
            <dd>
              <time dateTime={article.isoDate}>{article.dateLabel}</time>
            </dd>
          </div>
          <div>
            <dt>조회수</dt>
            <dd>{article.views.toLocaleString("ko-KR")}</dd>
          </div>
        </dl>
      </header>
      <p className="press-article__summary">{article.summary}</p>
      <div className="press-article__body">
        {article.paragraphs.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      {children}
    </article>
  );
}
