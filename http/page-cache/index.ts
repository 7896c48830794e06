// The page cache of anonymous pages (decision 007): what a page may be cached as (`cachePolicy`), the
// store (`PageCache`), answering hits before Express (`pageCacheHits`), keeping misses
// (`fillPageCache`), and dropping pages by change topics (`PageCache.invalidate`). Nothing else in
// the server reaches into these files.
export { cachePolicy, fillPageCache, pageCacheHits, type CachePolicy, type ProxyTrust } from "./http";
export { PageCache } from "./store";
