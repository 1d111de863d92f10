// Top-level domains that make a scheme-less word like "evil.com" count as a link.
// Why a list: "report.pdf", "v2.5", "done.Next" have the shape of a domain but their last part is not a real
// TLD. A link with a scheme ("https://…") or "www." needs no list: the author plainly meant a link.

/** Every assigned two-letter country-code TLD (ISO 3166-1 plus ac, eu, su, uk). */
const COUNTRY_CODES = `
ac ad ae af ag ai al am ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bm bn bo bq br bs bt bw by bz
ca cc cd cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz de dj dk dm do dz ec ee eg er es et eu fi fj fk fm
fo fr ga gb gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu gw gy hk hm hn hr ht hu id ie il im in io iq ir is
it je jm jo jp ke kg kh ki km kn kp kr kw ky kz la lb lc li lk lr ls lt lu lv ly ma mc md me mg mh mk ml mm
mn mo mp mq mr ms mt mu mv mw mx my mz na nc ne nf ng ni nl no np nr nu nz om pa pe pf pg ph pk pl pm pn pr
ps pt pw py qa re ro rs ru rw sa sb sc sd se sg sh si sj sk sl sm sn so sr ss st su sv sx sy sz tc td tf tg
th tj tk tl tm tn to tr tt tv tw tz ua ug uk us uy uz va vc ve vg vi vn vu wf ws ye yt za zm zw`;

/** The generic TLDs people actually meet: the originals, the popular new ones, and those phishers favour. */
const GENERIC = `
com net org edu gov mil int info biz name pro mobi asia tel travel jobs aero coop museum cat post
app dev page blog shop store online site website tech xyz top club live news cloud digital agency email link
click ltd group company solutions services network media studio design art fun space world life support help
global zone center city icu vip win bid loan work download stream review trade party racing science family
guru expert money finance bank insurance capital fund cash credit loans casino bet poker games social chat
wiki buzz monster cyou rest sbs cfd bond quest beauty fit academy events host press marketing zip mov
xn--p1ai xn--j1amh xn--90a3ac xn--90ais xn--80ao21a xn--fiqs8s xn--fiqz9s xn--55qx5d xn--io0a7i xn--j6w193g
xn--kprw13d xn--3e0b707e xn--80asehdb xn--80aswg xn--p1acf xn--h2brj9c xn--qxam xn--d1alf xn--l1acc`;

export const KNOWN_TLDS: ReadonlySet<string> = new Set(`${COUNTRY_CODES} ${GENERIC}`.split(/\s+/).filter(Boolean));

/**
 * TLDs that are also everyday file extensions: "photo.zip", "clip.mov", "README.md", "main.py". Without a
 * scheme they count as a link only with more evidence ("www.", a path or a port).
 */
export const FILE_EXTENSION_TLDS: ReadonlySet<string> = new Set(["zip", "mov", "md", "py", "sh", "rs"]);

/**
 * TLDs that are also short English words. "evil dot it" / "evil . me" join into a domain only for other
 * TLDs ("it . it works" is prose), and "done.It" (a missing space after a full stop) is not a domain.
 */
export const WORD_TLDS: ReadonlySet<string> = new Set(
  "am as at be by do go id in is it me my no so to us".split(" "),
);

/** TLDs too rarely a sentence start to excuse "evil.Com" as a missing space after a full stop. */
export const NEVER_SENTENCE_TLDS: ReadonlySet<string> = new Set(["com", "net", "org", "io", "co"]);
