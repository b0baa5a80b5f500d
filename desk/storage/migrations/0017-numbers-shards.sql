-- Every capture adds to its day's `all` row of numbers_daily (and to its listing's, page's and
-- source's), so on a server every capture's transaction waited for the one before it to commit,
-- holding that row: captures stored one at a time however many desks and connections there were
-- (issue 31 #13). Each session now adds to its own share of the day's rows (`shard`, from its
-- backend's process id), so concurrent transactions add to different rows; readers already sum
-- every row of a group. PGlite has one session, and so one shard.
alter table numbers_daily add column shard smallint not null default 0;
alter table numbers_daily drop constraint numbers_daily_pkey;
alter table numbers_daily add primary key (day, dimension, demo, agent, key, shard);
