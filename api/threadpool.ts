// Imported first by api/main.ts, before anything can use libuv's thread pool: Node's default of 4 threads is
// shared by SQLite, file reads, crypto and image work, and one slow upload could starve the database. Image jobs
// are limited to two (api/services/image-jobs.ts); the pool is large enough that the rest always has threads.
process.env.UV_THREADPOOL_SIZE ??= '12';
