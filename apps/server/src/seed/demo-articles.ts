/**
 * Demo content for a fresh Väggen installation: fictional authors, articles and square ads.
 * All people, companies and events are invented. About two thirds of the articles use HTML,
 * the rest are plain text with paragraphs separated by a blank line, so both forms get rendered.
 */

export interface DemoArticle {
  /** Swedish headline, 30–90 characters. */
  title: string;
  category:
    | 'NYHETER'
    | 'SVERIGE'
    | 'POLITIK'
    | 'EKONOMI'
    | 'OPINION'
    | 'VÄRLDEN'
    | 'KULTUR'
    | 'KRÖNIKOR'
    | 'SPORT'
    | 'TEKNIK';
  /** Index into DEMO_AUTHORS. */
  author: 0 | 1 | 2;
  /** Publication time relative to seeding. */
  hoursAgo: number;
  /** Article body: HTML or plain text. */
  content: string;
}

export interface DemoAuthor {
  username: string;
  full_name: string;
  email: string;
  /** Hex colour for the generated avatar. */
  color: string;
}

export interface DemoAd {
  title: string;
  company: string;
  link_url: string;
  color: string;
  tagline: string;
}

export const DEMO_AUTHORS: DemoAuthor[] = [
  { username: 'anna.lindqvist', full_name: 'Anna Lindqvist', email: 'anna.lindqvist@vaggen.example', color: '#1f6feb' },
  { username: 'erik.sandberg', full_name: 'Erik Sandberg', email: 'erik.sandberg@vaggen.example', color: '#b45309' },
  { username: 'maja.holmstrom', full_name: 'Maja Holmström', email: 'maja.holmstrom@vaggen.example', color: '#0f766e' },
];

export const DEMO_ARTICLES: DemoArticle[] = [
  // ───────────────────────────── NYHETER ─────────────────────────────
  {
    title: 'Storm över västkusten – tusentals hushåll utan ström i natt',
    category: 'NYHETER',
    author: 0,
    hoursAgo: 1,
    content: `<p>Hårda vindbyar och kraftigt regn drog under natten in över västkusten. Vid midnatt var drygt 14 000 hushåll i Halland och Bohuslän utan ström, enligt elbolagens avbrottskartor.</p>
<p>SMHI hade redan under eftermiddagen utfärdat en orange varning för mycket hårda vindar längs kusten. I byarna uppmättes upp till 31 meter per sekund ute i havsbandet, och på flera platser föll träd över vägar och kraftledningar.</p>
<h2>Tågtrafiken stod still</h2>
<p>Tågtrafiken mellan Göteborg och Varberg ställdes in under större delen av kvällen sedan ett träd fallit över kontaktledningen norr om Kungsbacka. Ersättningsbussar sattes in, men många resenärer fick vänta i flera timmar.</p>
<blockquote><p>– Vi har alla tillgängliga montörer ute, men vi kan inte börja arbeta i stolparna förrän vinden har mojnat, säger Lena Hjort, driftchef på ett av de drabbade elnätsbolagen.</p></blockquote>
<p>Räddningstjänsten ryckte ut på ett sjuttiotal larm under kvällen, de flesta om nedfallna träd och lösa takplåtar. På flera håll i Bohuslän slet sig också fritidsbåtar från sina förtöjningar. Inga personskador har rapporterats.</p>
<p>Vinden väntas avta under förmiddagen, men SMHI varnar för höga vattenstånd längs kusten under det närmaste dygnet. Den som är utan ström uppmanas att hålla sig borta från nedfallna ledningar och att <strong>ringa 112 endast vid akut fara</strong>.</p>`,
  },
  {
    title: 'Vattenläcka i centrala Uppsala lämnade hundratals utan vatten',
    category: 'NYHETER',
    author: 1,
    hoursAgo: 5,
    content: `Ett större vattenläckage i centrala Uppsala lämnade under dagen flera hundra hushåll och ett tiotal butiker utan kranvatten. Läckan upptäcktes strax efter klockan sju på morgonen, när vatten började forsa upp ur gatan i en korsning nära Stora torget.

– Det var som en liten fontän mitt i gatan. Inom en kvart stod vattnet flera centimeter högt på trottoaren, säger Jonas Ekström, som arbetar i en klädbutik i närheten.

Enligt det kommunala vattenbolaget var det en gammal gjutjärnsledning från 1950-talet som hade gått sönder. Ledningen ligger på drygt två meters djup, och för att komma åt den fick delar av gatan grävas upp.

Reparationsarbetet pågick hela dagen, och vid sextiden på kvällen hade de flesta drabbade fått tillbaka vattnet. Under tiden ställdes vattentankar ut på två platser i centrum, där boende kunde fylla dunkar.

Vattenbolaget uppmanar dem som fått tillbaka vattnet att spola en stund om det är missfärgat. Det brunaktiga vattnet är ofarligt och beror på att rost och avlagringar rörs upp när trycket i ledningarna återkommer.

Läckan är den tredje större i innerstaden på kort tid. Kommunen har tidigare pekat på att stora delar av ledningsnätet behöver förnyas under de kommande åren, ett arbete som beräknas kosta flera hundra miljoner kronor.`,
  },
  {
    title: 'Brand i flerbostadshus i Örebro – tjugo personer evakuerades',
    category: 'NYHETER',
    author: 2,
    hoursAgo: 9,
    content: `<p>Ett tjugotal personer fick lämna sina lägenheter när det började brinna i ett flerbostadshus i Örebro under natten. Två personer fördes till sjukhus med misstänkt rökförgiftning, men ingen av dem ska vara allvarligt skadad.</p>
<p>Larmet kom in strax efter klockan två. När räddningstjänsten kom fram brann det kraftigt i en lägenhet på tredje våningen, och röken hade spridit sig till trapphuset.</p>
<blockquote><p>– Trapphuset var helt rökfyllt, så vi fick evakuera flera av de boende med stegbil via balkongerna, säger insatsledaren Peter Almgren.</p></blockquote>
<p>Branden var under kontroll efter ungefär en timme. De evakuerade fick först vänta i en buss som ställts upp på gården och har sedan fått tillfälligt boende genom kommunen och hyresvärden. Flera lägenheter har fått omfattande rökskador och kan inte användas på ett tag.</p>
<p>Brandorsaken är ännu inte klarlagd. Polisen har upprättat en anmälan om allmänfarlig vårdslöshet, vilket är rutin vid bränder av den här omfattningen, och en brandtekniker ska undersöka lägenheten. Hyresvärden har samtidigt lovat att se över brandskyddet i samtliga trapphus i området.</p>
<p>Räddningstjänsten påminner om att <strong>en fungerande brandvarnare</strong> kan vara avgörande. I det här fallet var det en granne som vaknade av larmet och väckte de andra i huset.</p>`,
  },
  {
    title: 'Färjetrafiken till Gotland störd efter tekniskt fel på fartyg',
    category: 'NYHETER',
    author: 0,
    hoursAgo: 30,
    content: `Hundratals resenärer fick ändra sina planer när en av färjorna mellan fastlandet och Gotland togs ur trafik efter ett tekniskt fel. Felet upptäcktes vid en rutinkontroll i Visby hamn på morgonen, och fartyget blev liggande vid kaj resten av dagen.

Enligt rederiet handlar det om ett problem i ett av fartygets styrsystem. Det är ännu oklart hur lång tid reparationen tar, men bolaget räknar med att fartyget ska vara tillbaka i trafik inom några dagar.

Under tiden körs en nedbantad tidtabell med de övriga fartygen. Resenärer med biljetter till de inställda avgångarna flyttas i första hand till andra avgångar samma dag, men på de mest efterfrågade turerna är det fullt.

– Vi förstår att det här är väldigt frustrerande, särskilt för dem som har viktiga ärenden på fastlandet. Vi gör allt vi kan för att få ut fartyget igen så snart som möjligt, säger rederiets presskommunikatör Sara Wiklund.

För gotländska företag som är beroende av godstransporter kan störningen bli kännbar. Lastbilar med livsmedel och andra förnödenheter prioriteras, uppger rederiet, men en del leveranser kan bli försenade.

Den som har en bokning uppmanas att hålla koll på sms och mejl från rederiet och att inte åka till hamnen utan bekräftad plats.`,
  },
  {
    title: 'Efterlängtad gång- och cykelbro i Karlstad öppnar för trafik',
    category: 'NYHETER',
    author: 1,
    hoursAgo: 54,
    content: `<p>Efter nästan två års förseningar är den nya gång- och cykelbron över Klarälven i Karlstad äntligen klar. Under förmiddagen klipptes bandet, och redan efter en timme hade flera hundra cyklister och fotgängare tagit sig över.</p>
<p>Bron knyter ihop bostadsområdena på östra sidan av älven med centrum och beräknas korta restiden för många pendlare med upp till tio minuter. Tidigare har cyklisterna varit hänvisade till en smal bana längs en av stadens mest trafikerade bilbroar.</p>
<h2>Dyrare än beräknat</h2>
<p>Projektet har varit omdiskuterat. Problem med grundläggningen i den mjuka lerbotten gjorde att arbetet stod still i flera månader, och slutnotan landade på drygt 40 miljoner kronor mer än den ursprungliga budgeten. Bron har bland annat:</p>
<ul>
<li>separata körfält för gående och cyklister,</li>
<li>en uppvärmd bana som ska hålla bron isfri vintertid,</li>
<li>belysning som dämpas nattetid för att inte störa fåglarna vid älven.</li>
</ul>
<blockquote><p>– Jag har cyklat den där omvägen i femton år. Det här blir en helt ny vardag för oss som bor på andra sidan, säger Karin Dahl, som var en av de första att cykla över.</p></blockquote>
<p>Kommunen ska följa upp hur bron används under det första året. Målet är att andelen som cyklar till jobbet från stadsdelen ska öka märkbart.</p>`,
  },

  // ───────────────────────────── SVERIGE ─────────────────────────────
  {
    title: 'Allt fler småorter får tillbaka sin lanthandel',
    category: 'SVERIGE',
    author: 2,
    hoursAgo: 20,
    content: `<p>I byn Nederbo i Jämtland hade det inte funnits någon affär på nästan tjugo år. I dag står en nyrenoverad lanthandel mitt i byn, med bröd från bageriet i grannbyn, ett litet café och ombud för både apotek och paket.</p>
<p>Nederbo är långt ifrån ensamt. Runt om i landet har allt fler småorter tagit saken i egna händer och startat butiker som ägs gemensamt av invånarna, ofta i form av ekonomiska föreningar där varje hushåll köper en andel.</p>
<h2>Mer än en butik</h2>
<p>För många orter handlar det om mer än att slippa köra flera mil för att handla mjölk. Butiken blir en mötesplats, och i flera fall har den blivit avgörande för att barnfamiljer ska vilja flytta dit.</p>
<blockquote><p>– Folk kommer hit för att handla, men de stannar för att prata. Det har vi saknat, säger Birgitta Olofsson, ordförande i föreningen som driver butiken i Nederbo.</p></blockquote>
<p>Samtidigt är marginalerna små. Många lanthandlar är beroende av ideella krafter och av det statliga stödet till kommersiell service i glesbygd. Utan det skulle flera av butikerna inte gå runt, enligt föreningarna själva.</p>
<p>I Nederbo har man räknat ut att butiken måste omsätta runt 80 000 kronor i månaden för att klara sig. Hittills har man legat en bit över den nivån, och nu planerar föreningen att förlänga öppettiderna under sommarhalvåret, när stugägarna fyller på byn.</p>`,
  },
  {
    title: 'Rekordmånga vill bli fjällräddare – kurserna fulltecknade',
    category: 'SVERIGE',
    author: 0,
    hoursAgo: 98,
    content: `Intresset för att bli frivillig fjällräddare har ökat kraftigt. På flera håll i fjällkedjan har utbildningsplatserna fyllts på rekordtid, och i vissa grupper står fler sökande på väntelistan än det finns platser.

Fjällräddningen består till stor del av frivilliga som kallas in när någon har gått vilse, skadat sig eller hamnat i en lavin. Insatserna leds av polisen, men det är fjällräddarna som tar sig ut i terrängen, ofta i mörker och dåligt väder.

– Det har kommit väldigt många förfrågningar, och många av dem som hör av sig har redan gedigen erfarenhet av friluftsliv. Det är glädjande, säger Mikael Nordin, som leder en av fjällräddningsgrupperna i Jämtlandsfjällen.

Att bli fjällräddare kräver mer än god kondition. De som antas går en utbildning i bland annat sjukvård, lavinräddning, navigering och skoterkörning, och måste sedan hålla kunskaperna vid liv genom regelbundna övningar.

Bakom ökningen tror Mikael Nordin att det finns flera förklaringar. Fler bor och arbetar i fjällen året runt, och allt fler turister söker sig dit, vilket också innebär fler larm.

– Många som själva vistas mycket på fjället vill kunna ge något tillbaka. Man vet hur snabbt det kan gå fel där uppe, säger han.

Samtidigt påminner han om att det inte räcker med entusiasm. Den som blir fjällräddare förväntas kunna lämna jobb och familj med kort varsel, ibland mitt i natten.`,
  },
  {
    title: 'Meröppna bibliotek sprider sig – nu kan du låna klockan tio på kvällen',
    category: 'SVERIGE',
    author: 2,
    hoursAgo: 150,
    content: `<p>Klockan är strax efter nio på kvällen och biblioteket i Tallåsen har varit obemannat i flera timmar. Ändå sitter tre gymnasieelever vid ett av borden och pluggar, och en pensionär letar efter deckare vid hyllan närmast dörren.</p>
<p>Biblioteket är ett så kallat meröppet bibliotek. Med lånekort och pinkod kan besökarna låsa upp dörren och använda lokalen även när personalen har gått hem. Böckerna lånas i självbetjäningsautomater, och kameror vid entrén ska förebygga skadegörelse.</p>
<p>Modellen har funnits i Sverige i flera år men har på senare tid spridit sig snabbt, inte minst i mindre kommuner där biblioteken annars bara skulle ha hållit öppet några timmar i veckan.</p>
<h2>Så fungerar det</h2>
<ul>
<li><strong>Registrering:</strong> du skriver ett avtal med biblioteket och får en pinkod kopplad till ditt lånekort.</li>
<li><strong>Åldersgräns:</strong> oftast 18 år, men vissa bibliotek släpper in yngre i sällskap med en vuxen.</li>
<li><strong>Öppettider:</strong> vanligtvis från tidig morgon till sen kväll, alla dagar i veckan.</li>
</ul>
<p>Kritiker menar att meröppet riskerar att bli en ursäkt för att skära ned på bemanningen. Bibliotekarierna fyller en viktig funktion, inte minst för barn och för dem som behöver hjälp med digitala tjänster.</p>
<blockquote><p>– Meröppet ska vara ett komplement, aldrig en ersättning. Det är när personalen är på plats som vi kan göra verklig skillnad, säger Hanna Sjöberg, bibliotekschef i kommunen.</p></blockquote>`,
  },
  {
    title: 'Föräldrarnas kamp lönade sig – skolan på Ytterö blir kvar',
    category: 'SVERIGE',
    author: 1,
    hoursAgo: 230,
    content: `Skolan på Ytterö i Stockholms skärgård stängs inte. Det beslutade barn- och utbildningsnämnden efter en lång och stundtals hätsk debatt, där föräldrar och öbor protesterat mot förslaget att lägga ned den lilla skolan.

Skolan har i dag fjorton elever i årskurs ett till sex. Förvaltningen hade föreslagit att eleverna i stället skulle pendla med båt till en större skola på fastlandet, något som enligt kalkylen skulle spara drygt två miljoner kronor om året.

Men föräldrarna menade att den långa resvägen, som vintertid kan ta över en timme i varje riktning, skulle bli orimlig för de yngsta barnen. De samlade in över 3 000 namnunderskrifter och bjöd in politikerna att själva åka med morgonbåten.

– Jag tror att det var just den resan som fick dem att ändra sig. Det är en sak att se en tidtabell på papper och en helt annan att sitta där med en sjuåring klockan halv sju på morgonen, säger Linnea Berggren, en av föräldrarna bakom uppropet.

Beslutet gäller dock bara i tre år. Därefter ska frågan utredas på nytt, och nämnden har gett förvaltningen i uppdrag att se över hur skolan kan samarbeta med andra små skolor för att hålla nere kostnaderna.

För de fastboende på ön är beskedet ändå avgörande. Utan skolan, menar många, skulle det bli omöjligt att locka nya barnfamiljer till ön – och på sikt skulle hela samhället riskera att bli en ren sommaridyll.`,
  },

  // ───────────────────────────── POLITIK ─────────────────────────────
  {
    title: 'Regeringen vill skärpa kraven på kommunernas krisberedskap',
    category: 'POLITIK',
    author: 0,
    hoursAgo: 14,
    content: `<p>Kommunerna ska bli bättre förberedda på långvariga elavbrott, it-attacker och andra allvarliga kriser. Det är kärnan i ett nytt lagförslag som regeringen nu skickar ut på remiss.</p>
<p>Enligt förslaget ska varje kommun ha en uppdaterad plan för hur viktiga verksamheter som äldreomsorg, vattenförsörjning och skolmåltider ska fungera under minst en vecka utan normal tillgång till el och internet. Planerna ska dessutom övas regelbundet.</p>
<h2>Oro för kostnaderna</h2>
<p>Flera kommuner välkomnar inriktningen men varnar för att kraven kan bli svåra att leva upp till utan extra pengar. Särskilt mindre kommuner pekar på att de redan i dag har svårt att rekrytera beredskapssamordnare.</p>
<blockquote><p>– Vi delar målet, men det räcker inte att skriva in nya krav i lagen. Staten måste också vara med och betala, säger Johan Lundgren, kommunstyrelsens ordförande i en mindre kommun i Dalarna.</p></blockquote>
<p>Förslaget innehåller också en skyldighet för kommunerna att informera invånarna om hur de själva kan förbereda sig, till exempel genom att ha vatten, mat och en batteridriven radio hemma. Råd om hemberedskap finns redan i dag på <a href="https://www.krisinformation.se">Krisinformation.se</a>.</p>
<p>Remisstiden är tre månader. Om förslaget går igenom kan de nya reglerna börja gälla om ungefär ett och ett halvt år.</p>`,
  },
  {
    title: 'Skattehöjning splittrar styret i Åsbo kommun',
    category: 'POLITIK',
    author: 0,
    hoursAgo: 77,
    content: `Det politiska styret i Åsbo kommun är djupt oense om hur kommunens underskott ska hanteras. Efter ett långt och laddat sammanträde står det klart att två av de tre samarbetspartierna vill höja kommunalskatten med 50 öre, medan det tredje säger blankt nej.

Underskottet beräknas till omkring 35 miljoner kronor i år, främst på grund av ökade kostnader för äldreomsorgen och högre priser på energi och livsmedel. Utan åtgärder riskerar kommunen att behöva göra omfattande besparingar redan nästa år. Under de senaste åren har kommunen dessutom redan skurit ned på bland annat kulturskolan och fritidsgårdarna.

– Vi har vänt på varenda sten. En skattehöjning är inget vi gör gärna, men alternativet är att lägga ned verksamhet som invånarna är beroende av, säger kommunstyrelsens ordförande Gunilla Ek.

Det tredje partiet i styret anser i stället att kommunen bör sälja en del av sina fastigheter och se över administrationen innan man tar mer pengar från skattebetalarna.

– Man ska inte höja skatten förrän man har visat att man tar ansvar för de pengar man redan har, säger gruppledaren Anders Nyström.

Oppositionen har hittills hållit korten tätt intill kroppen, men flera bedömare menar att den kan bli tungan på vågen när budgeten ska klubbas i kommunfullmäktige. Beslutet väntas om några veckor.`,
  },
  {
    title: 'Förslag om sänkt rösträttsålder i kommunval väcker debatt',
    category: 'POLITIK',
    author: 1,
    hoursAgo: 190,
    content: `<p>Ska 16-åringar få rösta i kommunalvalen? Den frågan står i centrum för en ny statlig utredning som föreslår att rösträttsåldern sänks på försök i ett antal kommuner.</p>
<p>Utredningen vill att mellan tio och femton kommuner ska kunna ansöka om att delta i försöket. Efter två mandatperioder ska resultaten utvärderas innan man tar ställning till en eventuell permanent förändring.</p>
<p>Argumenten för en sänkning handlar främst om att unga redan i dag berörs av många kommunala beslut, inte minst om skolan och fritidsverksamheten. Utredningen pekar också på forskning som tyder på att den som röstar tidigt i livet oftare fortsätter att rösta.</p>
<h2>Det här föreslår utredningen</h2>
<ul>
<li>Rösträtt från 16 år i kommunalval i de kommuner som deltar i försöket.</li>
<li>Mer undervisning om lokal demokrati i grundskolans sista årskurser.</li>
<li>En oberoende utvärdering av valdeltagandet efter varje val.</li>
</ul>
<p>Kritikerna menar att rösträtt och myndighetsålder bör hänga ihop. Det vore märkligt, säger de, om en person som inte får skriva avtal eller ta körkort ska kunna välja vilka som styr kommunen.</p>
<blockquote><p>– Jag tror att vi underskattar ungdomar. De jag träffar är ofta betydligt mer pålästa än många vuxna, säger Amira Haddad, 17 år och ledamot i ett lokalt ungdomsråd.</p></blockquote>
<p>Förslaget ska nu ut på remiss, och det är osäkert om det finns en majoritet i riksdagen för att gå vidare.</p>`,
  },
  {
    title: 'Ny lag ska ge väljarna bättre insyn i partiernas ekonomi',
    category: 'POLITIK',
    author: 0,
    hoursAgo: 310,
    content: `<p>Riksdagen har röstat igenom skärpta regler för hur partierna ska redovisa sina intäkter. Syftet är att göra det lättare för väljarna att se vem som finansierar politiken – och att täppa till kryphål som har kritiserats i flera år.</p>
<p>Med de nya reglerna sänks gränsen för när ett bidrag måste redovisas med givarens namn. Dessutom ska bidrag till enskilda kandidater och till partiernas sidoorganisationer omfattas i större utsträckning än tidigare.</p>
<p>Alla förslag fick dock inte stöd. Ett krav på att partierna löpande skulle redovisa stora bidrag under valår, i stället för i efterhand, röstades ned sedan flera partier varnat för en ökad administrativ börda för små lokala föreningar.</p>
<blockquote><p>– Det här är ett steg i rätt riktning, men det finns fortfarande luckor. Väljarna borde få veta vem som betalar <em>innan</em> de röstar, inte ett år senare, säger Karin Wallin, statsvetare med inriktning på partifinansiering.</p></blockquote>
<p>Tillsynen sköts även i fortsättningen av en statlig myndighet, som kan besluta om sanktionsavgifter för partier som bryter mot reglerna. Avgifterna höjs samtidigt, något som enligt förespråkarna ska göra lagen till mer än en pappersprodukt.</p>
<p>De nya reglerna börjar gälla vid årsskiftet och ska tillämpas fullt ut inför nästa riksdagsval.</p>`,
  },

  // ───────────────────────────── EKONOMI ─────────────────────────────
  {
    title: 'Matpriserna sjunker för första gången på länge – men inte överallt',
    category: 'EKONOMI',
    author: 1,
    hoursAgo: 26,
    content: `<p>Efter en lång period av stigande priser i butikerna har trenden vänt. Enligt den senaste statistiken sjönk livsmedelspriserna något under den senaste månaden, och det är första gången på länge som kunderna ser en nedgång.</p>
<p>Nedgången är dock liten och ojämnt fördelad. Det är framför allt frukt, grönsaker och smör som har blivit billigare, medan priserna på kött, kaffe och choklad fortsätter att stiga.</p>
<h2>Här har priserna förändrats mest</h2>
<ul>
<li><strong>Billigare:</strong> tomater, gurka, äpplen och smör</li>
<li><strong>Dyrare:</strong> kaffe, choklad och nötkött</li>
<li><strong>Oförändrat:</strong> bröd, pasta och de flesta mejeriprodukter</li>
</ul>
<p>Bakom nedgången ligger bland annat en starkare krona, som gör importerade varor billigare, och goda skördar i flera av de länder som Sverige köper grönsaker från.</p>
<blockquote><p>– Det är välkommet, men man ska komma ihåg att priserna fortfarande ligger betydligt högre än för några år sedan. Hushållen kommer inte att märka någon stor skillnad i plånboken ännu, säger Sofia Lind, chefsekonom på en fristående konsumentorganisation.</p></blockquote>
<p>Samtidigt har konkurrensen mellan kedjorna hårdnat. Flera av de stora aktörerna har gått ut med kampanjer om sänkta priser på basvaror, och lågpriskedjorna fortsätter att ta marknadsandelar.</p>
<p>Frågan är hur länge nedgången håller i sig. Kaffepriset på världsmarknaden ligger på rekordnivåer, och flera bedömare varnar för att torka och dåliga skördar kan driva upp priserna igen.</p>`,
  },
  {
    title: 'Småföretagare i glesbygd får svårare att låna, visar enkät',
    category: 'EKONOMI',
    author: 1,
    hoursAgo: 120,
    content: `Småföretagare på landsbygden upplever att det har blivit svårare att få lån hos bankerna. Det visar en ny enkät från intresseorganisationen Landsbygdsföretagarna, som drygt 1 200 företagare i glesbygdskommuner har besvarat.

Nästan fyra av tio uppger att de har fått avslag på en låneansökan under de senaste två åren, eller att de har avstått från att söka eftersom de räknat med ett nej. Bland företagare i större städer är motsvarande andel betydligt lägre.

Ett återkommande problem är att fastigheter på landsbygden värderas lågt. Det gör att företagarna har svårt att ställa säkerhet för lånen, även när verksamheten i sig går bra.

– Jag har en snickerifirma med fem anställda och fulla orderböcker. Men när jag ville bygga ut verkstaden sa banken att fastigheten inte var värd tillräckligt mycket, säger Tomas Lindgren, företagare i Härjedalen.

Landsbygdsföretagarna vill att staten utökar de statliga lånegarantierna och att bankerna blir bättre på att bedöma företagens framtidsutsikter, inte bara deras säkerheter.

Bankerna betonar att varje ansökan bedöms individuellt och att kreditgivningen styrs av regelverk som gäller oavsett var i landet företaget finns. Samtidigt har flera banker stängt sina lokalkontor på mindre orter, vilket enligt många företagare har gjort det svårare att bygga upp ett personligt förtroende med rådgivaren.`,
  },
  {
    title: 'Bostadspriserna stiger igen – störst ökning i Malmö',
    category: 'EKONOMI',
    author: 1,
    hoursAgo: 44,
    content: `<p>Bostadspriserna fortsätter uppåt. Under den senaste tremånadersperioden steg priserna på bostadsrätter med i genomsnitt två procent i landet som helhet, och mest i Malmö, där ökningen var nästan fyra procent.</p>
<p>Även villapriserna har gått upp, om än i långsammare takt. Det är främst i storstadsregionerna som köparna har återvänt, medan marknaden i flera mindre kommuner fortfarande står och stampar. I stora delar av Norrland har priserna i stort sett legat still.</p>
<blockquote><p>– Lägre räntor har gjort att många som väntat vid sidlinjen nu vågar ge sig in på marknaden igen. Vi ser fler budgivningar och kortare försäljningstider, säger Martin Lööf, bostadsekonom på analysföretaget Bostadsbarometern.</p></blockquote>
<h2>Varning för överdriven optimism</h2>
<p>Trots uppgången ligger priserna i många områden fortfarande under toppnivåerna från för några år sedan, och Martin Lööf varnar för att ta ut ökningen i förskott.</p>
<p>– Hushållens ekonomi är fortfarande ansträngd, och arbetslösheten har inte börjat sjunka på allvar. Det talar för en försiktig utveckling framöver snarare än en ny boom, säger han.</p>
<p>För den som funderar på att köpa rekommenderar flera bedömare att räkna med marginaler i budgeten. <strong>Kalkylen bör tåla att räntan stiger med några procentenheter</strong>, även om det i dag inte ser ut att vara det mest sannolika scenariot.</p>`,
  },
  {
    title: 'Skogsbolaget Norrfura varslar 240 anställda i Ångermanland',
    category: 'EKONOMI',
    author: 2,
    hoursAgo: 265,
    content: `<p>Skogsindustrikoncernen Norrfura varslar 240 anställda om uppsägning vid sitt sågverk och sin pelletsfabrik i Ångermanland. Beskedet lämnades vid ett personalmöte under förmiddagen och har skakat hela bygden.</p>
<p>Enligt bolaget är orsaken svag efterfrågan på sågade trävaror i Europa och kraftigt ökade kostnader för timmer. Sågverket har gått med förlust i flera kvartal, och ledningen ser ingen snabb vändning.</p>
<blockquote><p>– Det här är ett tungt besked, både för våra medarbetare och för orten. Vi har gjort allt för att undvika det, men vi måste anpassa verksamheten efter marknaden, säger Norrfuras vd Per-Olof Sundqvist.</p></blockquote>
<p>För kommunen är varslet ett hårt slag. Norrfura är den största privata arbetsgivaren på orten, och många andra företag, från åkerier till lokala verkstäder, är beroende av verksamheten.</p>
<p>Facket kräver nu att bolaget ser över alternativ till uppsägningar, som korttidsarbete och omplacering inom koncernen. <em>Vi kommer inte att acceptera att man bara lägger ned utan att ha prövat allt annat först</em>, skriver den lokala fackklubben i ett uttalande.</p>
<p>Förhandlingarna mellan bolaget och facket inleds under de närmaste veckorna. Kommunen har samtidigt kallat till ett krismöte med Arbetsförmedlingen och regionen för att diskutera hur de som förlorar jobbet ska kunna få stöd och hjälp till omställning.</p>`,
  },

  // ───────────────────────────── OPINION ─────────────────────────────
  {
    title: 'Sluta skylla på ungdomarna – vuxenvärlden har svikit dem',
    category: 'OPINION',
    author: 2,
    hoursAgo: 36,
    content: `<p>Varje gång en ny undersökning visar att unga mår sämre, läser mindre eller sover för lite följer samma reflex. Det är mobilernas fel, de sociala mediernas fel, ungdomarnas egen bristande karaktär. Jag har själv skrivit sådana texter. Jag tror att vi har fel.</p>
<p>Det är nämligen inte tonåringar som har byggt de appar som är designade för att aldrig gå att lägga ifrån sig. Det är inte de som har skurit ned på skolkuratorer, stängt fritidsgårdar och gjort det allt svårare att få ett första jobb. Det är vi vuxna.</p>
<blockquote><p>Vi har gett unga en värld full av krav men fattig på vuxna som har tid att lyssna.</p></blockquote>
<p>När jag pratar med gymnasieelever hör jag sällan att de vill ha fler förbud. Jag hör att de vill ha platser att vara på, vuxna som finns där och en framtid som går att planera för. Det är inte orimliga krav.</p>
<p>Det betyder inte att skärmtiden är oviktig. Men en mobilfri skola löser inte problemet om eleverna efter skoldagen går hem till ett tomt hus i ett bostadsområde där den enda öppna lokalen är pizzerian.</p>
<p>Om vi menar allvar med att vi oroar oss för de unga måste vi börja investera i dem: i elevhälsa, i fritidsverksamhet, i sommarjobb. Det kostar pengar. Men det blir betydligt dyrare att låta bli.</p>`,
  },
  {
    title: 'Vi måste våga prata om priset på kollektivtrafiken',
    category: 'OPINION',
    author: 0,
    hoursAgo: 170,
    content: `Jag åker buss till jobbet varje dag. Jag gör det för att jag tycker att det är rätt, för att jag inte vill sitta i bilkö och för att jag länge trodde att det var det billigaste alternativet. Det sista har jag slutat tro på.

När månadskortet i min region nu höjs igen blir det dyrare att åka kollektivt än att samåka med en kollega. För en familj med två tonåringar som ska till skolan och träningen blir skillnaden ännu större.

Det är en märklig signal. Samtidigt som politiker i alla läger säger att fler ska välja kollektivtrafiken blir den allt mindre prisvärd. Turer dras in, priserna höjs och den som bor utanför tätorten får ofta nöja sig med en buss i timmen.

Jag förstår att regionerna har det tufft. Kostnaderna för drivmedel, personal och nya fordon har ökat, och resenärerna har inte riktigt kommit tillbaka efter pandemin. Men att svara med höjda priser är att såga av den gren man sitter på. Färre resenärer ger mindre intäkter, som i sin tur leder till fler nedskärningar.

Andra har valt en annan väg. I flera europeiska städer har kraftigt sänkta priser, eller till och med avgiftsfri kollektivtrafik, lockat tillbaka resenärerna. Det är inga mirakelkurer, men de visar att priset spelar roll.

Jag vill inte ha gratis bussar till varje pris. Jag vill att vi slutar låtsas att kollektivtrafiken är en utgift som kan skäras ned utan konsekvenser. Den är en investering, och den förtjänar att behandlas som en.`,
  },
  {
    title: 'Cykeln förtjänar mer än en målad linje på asfalten',
    category: 'OPINION',
    author: 1,
    hoursAgo: 340,
    content: `<p>Jag har cyklat till jobbet i tolv år. Under den tiden har jag sett cykelbanor som plötsligt tar slut mitt i en korsning, cykelfält som används som lastzoner och snöröjning som alltid börjar med bilvägarna. Jag har slutat bli förvånad.</p>
<p>Alla säger sig vilja att fler ska cykla. Det är bra för folkhälsan, för klimatet och för trängseln i staden. Ändå behandlas cykeln i praktiken som ett fritidsintresse snarare än som ett transportmedel. Den som cyklar året runt märker det varje dag.</p>
<h2>Tre saker som skulle göra skillnad</h2>
<ul>
<li><strong>Sammanhängande nät.</strong> En cykelbana som tar slut efter 300 meter är ingen cykelbana.</li>
<li><strong>Fysisk separering.</strong> En målad linje skyddar ingen från en lastbil som svänger.</li>
<li><strong>Vinterunderhåll.</strong> Cykelbanorna borde plogas först, inte sist.</li>
</ul>
<p>Inget av detta är särskilt dyrt jämfört med vad vi lägger på vägar för bilar. Det handlar snarare om prioriteringar – och om att planera staden utifrån hur människor faktiskt vill röra sig.</p>
<p>Jag vet att många bilister suckar när de läser sådana här texter. Men ju fler som väljer cykeln, desto mer plats blir det kvar på vägarna för dem som verkligen behöver bilen. Det är ingen kamp mellan trafikslag. Det är sunt förnuft.</p>`,
  },

  // ───────────────────────────── VÄRLDEN ─────────────────────────────
  {
    title: 'Kraftigt jordskalv i södra Peru – flera byar isolerade',
    category: 'VÄRLDEN',
    author: 2,
    hoursAgo: 7,
    content: `<p>Ett kraftigt jordskalv har drabbat södra Peru. Skalvet hade enligt preliminära uppgifter magnituden 6,8 och inträffade på omkring 40 kilometers djup under ett glest befolkat bergsområde.</p>
<p>Minst tolv människor har omkommit och ett sextiotal har skadats, uppger lokala myndigheter. Siffrorna väntas stiga när räddningsarbetarna når fram till de mest avlägsna byarna, där jordskred har blockerat vägarna.</p>
<h2>Svårt att nå fram</h2>
<p>Flera av de drabbade byarna ligger på över 3 000 meters höjd och nås normalt bara via smala grusvägar. Militären har satt in helikoptrar för att flyga in förnödenheter och ta ut skadade. Flera skolor och en vårdcentral har fått allvarliga skador.</p>
<blockquote><p>– Från vissa samhällen har vi inte hört något alls sedan skalvet. Det är det som oroar oss mest just nu, säger en talesperson för den regionala katastrofmyndigheten till lokala medier.</p></blockquote>
<p>Skalvet kändes även i grannländerna, men där har inga större skador rapporterats. Efterskalv har registrerats under hela natten, och invånarna i de drabbade områdena har uppmanats att inte vistas i skadade byggnader.</p>
<p>Peru ligger längs den så kallade eldringen runt Stilla havet, där jordskalv är vanliga. Enligt Utrikesdepartementet finns det inga uppgifter om att svenskar har skadats.</p>`,
  },
  {
    title: 'Biståndsorganisationer larmar om svår torka i Sahel',
    category: 'VÄRLDEN',
    author: 2,
    hoursAgo: 88,
    content: `Flera internationella biståndsorganisationer larmar om en förvärrad livsmedelskris i Sahelregionen i Afrika. Efter ännu en regnperiod med betydligt mindre nederbörd än normalt har skördarna slagit fel i stora delar av området.

Enligt organisationerna riskerar miljontals människor att drabbas av akut matbrist under de kommande månaderna. Värst är läget där torkan sammanfaller med väpnade konflikter, som gör det svårt både för befolkningen att bruka jorden och för hjälparbetare att nå fram.

– Många familjer har redan sålt sina djur och ätit upp utsädet. När det händer finns det ingen buffert kvar inför nästa säsong, säger Ingrid Malmberg, som arbetar för en svensk biståndsorganisation i regionen.

Sahel, det halvtorra bältet söder om Sahara, har länge drabbats av allt oregelbundnare regn. Forskare pekar på att klimatförändringarna gör torrperioderna längre och skyfallen kraftigare, vilket försvårar jordbruket ytterligare.

Organisationerna efterlyser nu mer pengar från givarländerna. Många av de humanitära insatserna i regionen är kraftigt underfinansierade, och på flera håll har matransonerna redan fått minskas. Vissa organisationer har också tvingats prioritera bort hela områden.

Samtidigt betonar de att akut nödhjälp inte räcker. På lång sikt krävs investeringar i bevattning, torktåliga grödor och lokala förråd som kan mildra effekterna av nästa torka.`,
  },
  {
    title: 'Översvämningar i Centraleuropa – tusentals lämnar sina hem',
    category: 'VÄRLDEN',
    author: 0,
    hoursAgo: 135,
    content: `<p>Flera dygn av ihållande regn har orsakat omfattande översvämningar i delar av Centraleuropa. I Österrike, Tjeckien och södra Polen har tusentals människor tvingats lämna sina hem när floder svämmat över.</p>
<p>Värst drabbade är ett antal mindre städer längs bifloder till Donau och Oder, där vattnet på sina håll stigit flera meter över den normala nivån. Vägar och järnvägar har stängts av, och på flera platser har elförsörjningen slagits ut. I flera av städerna har vattnet inte stått så högt på decennier.</p>
<h2>Räddningsarbete dygnet runt</h2>
<p>Räddningstjänst, militär och frivilliga har arbetat dygnet runt med att bygga vallar av sandsäckar och evakuera boende med båt. Minst fem personer har omkommit, enligt myndigheterna i de drabbade länderna.</p>
<blockquote><p>– Vattnet kom mycket snabbare än vi hade räknat med. På en natt steg det en och en halv meter, berättar en kvinna på en evakueringsförläggning i norra Österrike för en lokal tv-kanal.</p></blockquote>
<p>Meteorologerna varnar för att mer regn väntas de kommande dagarna, och att vattennivåerna kan fortsätta att stiga längre nedströms även sedan regnet upphört.</p>
<p>Översvämningarna väcker på nytt frågan om hur Europa ska rusta sig för allt fler extrema väderhändelser. EU har aktiverat sin civilskyddsmekanism, och flera länder har erbjudit hjälp med pumpar och personal.</p>`,
  },
  {
    title: 'Island lockar rekordmånga turister trots vulkanoron',
    category: 'VÄRLDEN',
    author: 2,
    hoursAgo: 290,
    content: `<p>Trots återkommande vulkanutbrott på Reykjaneshalvön har Island aldrig haft så många besökare som nu. Turistnäringen rapporterar om fullbokade hotell och nya rekord för antalet utländska gäster.</p>
<p>Utbrotten har på sina håll till och med blivit en attraktion. Guidade turer till utsiktsplatser där man på säkert avstånd kan se glödande lava säljer slut på kort tid, och flygbolagen har utökat antalet avgångar till Keflavík.</p>
<p>Samtidigt har utbrotten skapat stora problem för lokalbefolkningen. Fiskeläget Grindavík har evakuerats vid flera tillfällen, och många av invånarna har ännu inte kunnat flytta tillbaka. Vägar och ledningar har skadats av lavaflöden, och framtiden för orten är osäker.</p>
<h2>Det här bör du tänka på som resenär</h2>
<ul>
<li>Följ de isländska myndigheternas information om avstängda områden.</li>
<li>Gå aldrig på egen hand nära ett aktivt utbrottsområde – gaserna kan vara livsfarliga.</li>
<li>Kontrollera reseförsäkringen före avresan, särskilt vad den täcker vid inställda flyg.</li>
</ul>
<blockquote><p>– Vulkanerna är en del av vår vardag. Det viktiga är att besökarna respekterar avspärrningarna, säger Sigrún Helgadóttir, som driver en guidefirma i Reykjavik.</p></blockquote>
<p>Den kraftiga ökningen har också väckt debatt på Island om hur många besökare landet klarar av. Flera kommuner har infört avgifter vid populära naturområden för att bekosta bättre stigar och parkeringar.</p>`,
  },

  // ───────────────────────────── KULTUR ─────────────────────────────
  {
    title: 'Debutroman om uppväxt i Tornedalen hyllas av kritikerna',
    category: 'KULTUR',
    author: 2,
    hoursAgo: 60,
    content: `<p>Det är inte ofta en debutroman får ett så enigt mottagande. Sedan <em>Där älven vänder</em> kom ut för några veckor sedan har den fått lysande recensioner i flera av landets stora tidningar, och förlaget har redan tryckt en tredje upplaga.</p>
<p>Bakom romanen står Johanna Alatalo, 34 år, uppvuxen i en by utanför Pajala och i dag bosatt i Umeå. Boken skildrar en familj i Tornedalen genom tre generationer, med en berättare som växer upp mellan svenska och meänkieli – och som aldrig riktigt känner sig hemma i något av språken.</p>
<blockquote><p>– Jag ville skriva om tystnaden. Om allt som aldrig sades hemma, för att man inte hade orden eller för att man skämdes för dem, säger Johanna Alatalo.</p></blockquote>
<p>Språket har lyfts fram av många kritiker. Romanen växlar mellan korta, nästan karga stycken och långa, böljande meningar där dialogen ofta glider över i meänkieli utan översättning.</p>
<p>Vägen till utgivning var inte självklar. Manuset refuserades av flera förlag innan det till slut antogs av ett mindre förlag i Norrland.</p>
<p>Nu planeras en turné med uppläsningar på bibliotek runt om i landet, och rättigheterna har redan sålts till Finland och Norge. Johanna Alatalo har dessutom börjat skriva på nästa bok, men vill inte avslöja särskilt mycket om den.</p>
<p>– Den kommer också att handla om norr. Jag tror inte att jag kommer att skriva om något annat på länge, säger hon.</p>`,
  },
  {
    title: 'Ny opera om flottarnas liv längs Ljusnan hyllas efter urpremiären',
    category: 'KULTUR',
    author: 0,
    hoursAgo: 210,
    content: `Det blev stående ovationer när den nyskrivna operan ”Flottarna” hade urpremiär i Folkets hus i Bollnäs. Föreställningen skildrar livet för de män och kvinnor som under första halvan av förra seklet flottade timmer längs Ljusnan, från skogarna i Härjedalen ned till kusten.

Musiken är skriven av tonsättaren Elin Vikström och librettot av författaren Göran Hedlund, som båda har sina rötter i Hälsingland. Arbetet med operan har pågått i nästan fyra år och bygger delvis på intervjuer med och brev från flottare och deras familjer.

– Det här är en historia som nästan har fallit i glömska. Flottningen formade hela bygden, men i dag är det få under femtio som vet vad en flottare gjorde, säger Elin Vikström.

Föreställningen blandar klassisk opera med folkmusik. I orkesterdiket sitter, förutom stråkar och blåsare, både nyckelharpa och fiol, och flera av sångerna bygger på gamla arbetsvisor som tonsättaren har hittat i arkiven.

Även på scenen möts proffs och amatörer. Solisterna är professionella operasångare, medan kören består av ett fyrtiotal sångare från körer i trakten – flera av dem ättlingar till flottare.

Recensenterna har överlag varit positiva, även om någon tycker att andra akten blir väl lång. Operan spelas under tre veckor och turnerar därefter till flera orter längs älven. Många av föreställningarna är redan utsålda.`,
  },
  {
    title: 'Konstmuseum öppnar sina magasin – besökarna får välja vad som ställs ut',
    category: 'KULTUR',
    author: 0,
    hoursAgo: 372,
    content: `<p>På de flesta konstmuseer visas bara en bråkdel av samlingarna. Resten ligger nedpackat i magasin, ibland i årtionden. Nu vill länsmuseet i Norrbacka ändra på det – genom att låta besökarna själva bestämma vad som ska hängas upp.</p>
<p>I utställningen <em>Ur gömmorna</em> får publiken rösta fram verk ur museets samling på drygt 12 000 föremål. Omröstningen sker både på plats i museet och på <a href="https://example.com/ur-gommorna">museets webbplats</a>, och de verk som får flest röster visas i en särskild sal under ett halvår.</p>
<h2>Så går det till</h2>
<ul>
<li>Varje månad presenteras ett tema, till exempel porträtt, landskap eller textil.</li>
<li>Museets intendenter väljer ut ett trettiotal verk inom temat.</li>
<li>Besökarna röstar, och de tio populäraste verken ställs ut.</li>
</ul>
<p>Idén har väckt stort intresse. Redan i den första omröstningen kom det in över 4 000 röster, och flera av de utvalda verken har inte visats offentligt på över femtio år.</p>
<blockquote><p>– Det är publikens samling. Vi förvaltar den, men det är inte självklart att det alltid är vi som ska bestämma vad folk får se, säger museichefen Eva Strand.</p></blockquote>
<p>Alla är dock inte övertygade. Några konstvetare varnar för att omröstningen riskerar att gynna välkända namn och gå förbi de mindre kända konstnärer som museet också har ett ansvar att lyfta fram.</p>`,
  },

  // ───────────────────────────── KRÖNIKOR ─────────────────────────────
  {
    title: 'Om konsten att vänta på en buss som aldrig kommer',
    category: 'KRÖNIKOR',
    author: 1,
    hoursAgo: 68,
    content: `Det finns en särskild sorts stillhet vid en busshållplats klockan 06.47 en mörk morgon. Man står där med händerna djupt nere i fickorna och stirrar på den digitala skylten, som om man med ren viljestyrka skulle kunna få den att ändra sig. ”2 min”, står det. Det har stått så i sju minuter.

Jag har tillbringat en ansenlig del av mitt vuxna liv på det här sättet. Om jag räknar ihop alla minuter jag har väntat på linje 4 tror jag att det blir ungefär lika mycket tid som det tar att lära sig ett nytt språk. Jag har inte lärt mig något nytt språk. Jag har lärt mig att skylten ljuger.

Men någonstans på vägen har jag börjat tycka om det. Inte förseningarna i sig, de är fortfarande vedervärdiga, utan gemenskapen som uppstår. Vi som står där varje morgon har aldrig presenterat oss för varandra, men vi vet vem som har hund, vem som har börjat på ett nytt jobb och vem som väntar barn.

Det räcker med en blick när skylten hoppar från ”2 min” till ”Inställd”. En suck, ett snett leende, ibland en svordom. Mannen med den gröna mössan brukar säga ”jaha ja”, med en betoning som rymmer hela den svenska folksjälen.

Någon gång ska jag kanske ta cykeln i stället. Eller skaffa bil. Då skulle jag komma fram i tid varje dag och aldrig behöva stå där i mörkret och frysa.

Men jag skulle också gå miste om mannen med den gröna mössan. Och det är jag, ärligt talat, inte säker på att jag vill.`,
  },
  {
    title: 'Min mormors kaffekalas lärde mig mer än någon ledarkurs',
    category: 'KRÖNIKOR',
    author: 0,
    hoursAgo: 245,
    content: `<p>Min mormor hade aldrig någon chefstitel. Hon satt i kassan på Konsum i fyrtio år och ledde därefter – helt utan mandat – hela släktens sociala liv från köket i sin trea i Eskilstuna. Jag har tänkt mycket på henne på sistone, mest under långa möten.</p>
<p>Hennes kaffekalas var nämligen en mästarklass i ledarskap. Det fanns alltid sju sorters kakor, men det var inte det viktiga. Det viktiga var att alla blev sedda. Hon visste vem som hade det tufft, vem som behövde få berätta om barnbarnen och vem som skulle sitta långt ifrån vem.</p>
<p>På jobbet har jag gått ett halvdussin ledarskapskurser. Jag har lärt mig om <em>feedbacktrappor</em>, <em>psykologisk trygghet</em> och fyra olika personlighetsfärger. Allt det där kunde mormor, fast hon kallade det ”att ha lite vett”.</p>
<blockquote><p>Man ska inte prata mest. Man ska se till att ingen går hem utan att ha fått säga något.</p></blockquote>
<p>Det sa hon en gång när jag, kanske tolv år gammal, hade hållit låda en hel eftermiddag. Jag skämdes då. I dag tänker jag att det är det klokaste någon har sagt till mig om att leda en grupp människor.</p>
<p>Mormor dog för några år sedan. Jag har kvar hennes kakburkar, och ibland bakar jag hennes drömmar och tar med till jobbet. De smakar aldrig riktigt likadant. Men när jag ställer fram dem på fikabordet försöker jag åtminstone komma ihåg vad de egentligen handlade om.</p>`,
  },
  {
    title: 'Jag har slutat skämmas för att jag inte förstår mig på vin',
    category: 'KRÖNIKOR',
    author: 2,
    hoursAgo: 398,
    content: `<p>Det var på en middag för några veckor sedan som det hände igen. Värden hällde upp ett rött vin, snurrade på glaset och frågade vad vi tyckte. Runt bordet föll orden: <em>fatkaraktär, mörka körsbär, en aning stall</em>. Jag smakade och tänkte att det smakade vin.</p>
<p>I många år försökte jag hänga med. Jag läste på, lärde mig skillnaden mellan druvor och nickade allvarligt när någon pratade om mineralitet. Men jag kände mig alltid som en bedragare, någon som smugit sig in på ett prov utan att ha pluggat.</p>
<blockquote><p>Det är inte fel att tycka att vin är gott. Det är bara inte obligatoriskt att kunna förklara varför.</p></blockquote>
<p>Någonstans på vägen bestämde jag mig för att sluta låtsas. Numera säger jag som det är: det här tycker jag om, det där tycker jag mindre om, och jag har ingen aning om varför. Det är befriande. Och, visar det sig, ganska vanligt.</p>
<p>För när jag väl erkände min okunnighet var det flera runt bordet som andades ut. En av gästerna viskade att hon alltid bara upprepade det som stod på baksidan av flaskan. En annan erkände att han helst dricker boxvin.</p>
<p>Jag har ingenting emot den som kan mycket om vin, lika lite som jag har något emot den som kan allt om fåglar eller frimärken. Kunskap är fint. Men när kunskapen blir en inträdesbiljett till samtalet har något gått snett. Nästa gång jag är bjuden på middag tänker jag ta med en flaska som jag tycker om. Jag tänker inte förklara varför.</p>`,
  },

  // ───────────────────────────── SPORT ─────────────────────────────
  {
    title: 'Dramatisk kvalseger – Norrviks IF klart för superettan',
    category: 'SPORT',
    author: 1,
    hoursAgo: 16,
    content: `<p>Norrviks IF spelar i superettan nästa säsong. Efter en dramatisk returmatch på hemmaplan vann laget kvalet med sammanlagt 3–2, sedan mittfältaren Oscar Lundberg avgjort på tilläggstid.</p>
<p>Inför matchen låg Norrvik under med 1–2 från det första kvalmötet. Hemmalaget tog över från start och kvitterade dubbelmötet redan efter tjugo minuter genom en nick från mittbacken Ali Hassan på en hörna.</p>
<h2>Avgörande i sista minuten</h2>
<p>Därefter blev matchen allt nervigare. Gästerna fick ett mål bortdömt för offside strax efter paus, och med fem minuter kvar räddade Norrviks målvakt Viktor Engström en straff. När fjärde domaren visat fyra minuters tilläggstid såg det ut att bli förlängning – men i den 93:e minuten kom Oscar Lundberg fri i straffområdet och sköt in segermålet.</p>
<blockquote><p>– Jag vet inte ens vad som hände. Jag såg bara bollen i nät, och sedan låg hela laget ovanpå mig, säger en andfådd Oscar Lundberg efter matchen.</p></blockquote>
<p>Drygt 4 500 åskådare var på plats, nytt publikrekord på klubbens hemmaarena. Efter slutsignalen stormade hundratals supportrar planen för att fira med spelarna.</p>
<p>För Norrvik är avancemanget kulmen på flera års målmedvetet arbete. Klubben har satsat hårt på den egna ungdomsverksamheten, och sju av spelarna i startelvan är fostrade i föreningen.</p>`,
  },
  {
    title: 'Elsa Berg vann sin första stora titel efter rysare i finalen',
    category: 'SPORT',
    author: 1,
    hoursAgo: 110,
    content: `Elsa Berg, 20, tog sin karriärs hittills största seger när hon vann en av de stora internationella bordtennisturneringarna i Düsseldorf. I finalen besegrade hon en högt rankad japansk motståndare med 4–3 i set, efter att ha legat under med 1–3.

– Jag vet inte riktigt hur jag vände det. Vid 1–3 tänkte jag bara att jag skulle försöka vinna nästa boll, och sedan nästa, säger Elsa Berg.

Finalen var en rysare in i det sista. I det avgörande setet låg svenskan under med 8–10 men vann fyra raka bollar och kunde till slut jubla, sedan motståndaren slagit i nät efter en lång och nervös duell.

Segern väntas ge henne ett rejält lyft på världsrankningen, och hon är nu en av de mest framgångsrika svenska spelarna på damsidan på många år.

Elsa Berg började spela bordtennis som åttaåring i en klubb i Halmstad och flyttade som sextonåring till ett av de nationella elitcentren. Hennes tränare Jonas Håkansson beskriver henne som en spelare med ovanligt gott tålamod.

– Hon är inte den som slår hårdast, men hon tänker snabbare än de flesta. Och hon ger sig aldrig, det såg alla i dag, säger han.

Nästa stora mål är att kvalificera sig till OS. Förbundet har redan signalerat att hon kommer att vara en självklar del av landslaget framöver.`,
  },
  {
    title: 'Vuxna strömmar till innebandyn – motionsserierna växer så det knakar',
    category: 'SPORT',
    author: 0,
    hoursAgo: 320,
    content: `<p>Det är en vanlig vardagskväll i en idrottshall i Linköping. På planen springer två lag med spelare mellan 28 och 61 år, och på läktaren sitter några barn och gör läxor i väntan på att mamma eller pappa ska spela klart.</p>
<p>Motionsinnebandyn har fått ett kraftigt uppsving. Allt fler vuxna, som kanske inte har hållit i en klubba sedan skolgymnastiken, söker sig till serier där resultatet spelar mindre roll än gemenskapen.</p>
<blockquote><p>– Vi startade laget på jobbet för tre år sedan, mest som ett skämt. Nu har vi två lag och en väntelista, säger Maria Svensson, som spelar i korpserien.</p></blockquote>
<h2>Därför lockar innebandyn</h2>
<ul>
<li>Låg tröskel – det räcker med en klubba och ett par inomhusskor.</li>
<li>Mixade lag är vanliga, vilket gör det lätt att spela med kollegor och vänner.</li>
<li>Matcherna är korta och intensiva och passar in i ett fullspäckat vardagsschema.</li>
</ul>
<p>Den stora utmaningen är att få halltider. I många kommuner är hallarna fullbokade på kvällarna, och barn- och ungdomsidrotten har förtur.</p>
<p>Arrangörerna har därför börjat tänka nytt. Vissa serier spelas sent på kvällen eller tidigt på helgmorgnarna, och på några orter har man tagit skolornas gymnastiksalar i anspråk. <strong>Efterfrågan finns – det är utrymmet som saknas</strong>, som en av arrangörerna uttrycker det.</p>`,
  },

  // ───────────────────────────── TEKNIK ─────────────────────────────
  // Exists for the sanitizer tests: the content deliberately contains a <script> element, an <img> with an
  // onerror handler and a javascript: link. All three must be stripped before the article is displayed.
  {
    title: 'Nätfisket blir allt skickligare – så skyddar du dig mot bluffmejlen',
    category: 'TEKNIK',
    author: 1,
    hoursAgo: 130,
    content: `<p>Mejlet ser ut att komma från din bank. Logotypen stämmer, tonen är korrekt och avsändaren ber dig logga in för att bekräfta en betalning. Men det är en bluff – ett så kallat nätfiskeförsök, där målet är att lura av dig inloggningsuppgifter eller kortnummer.</p>
<p>Enligt it-säkerhetsexperter har nätfisket blivit betydligt svårare att upptäcka. Stavfelen och den klumpiga svenskan som tidigare avslöjade bedragarna har i många fall ersatts av välskrivna texter, ofta framtagna med hjälp av AI-verktyg.</p>
<p>Bedragarna använder också tekniska knep. Ett meddelande kan innehålla en bild som aldrig visas <img src="x" onerror="alert(1)"> men som kör kod i bakgrunden, eller en <a href="javascript:alert(1)">länk</a> som inte leder till någon webbplats alls. <script>alert('xss')</script>Därför ska sådant innehåll alltid rensas bort innan det visas.</p>
<h2>Så avslöjar du bluffen</h2>
<ul>
<li><strong>Kontrollera avsändaren.</strong> Titta på den faktiska e-postadressen, inte bara på namnet som visas.</li>
<li><strong>Klicka inte på länkar i mejl som kräver brådskande åtgärder.</strong> Gå hellre direkt till bankens webbplats eller app.</li>
<li><strong>Lämna aldrig ut koder.</strong> Ingen seriös aktör ber dig logga in med e-legitimation för att ”stoppa” en betalning.</li>
</ul>
<blockquote><p>– Den viktigaste säkerhetsfunktionen är fortfarande sunt förnuft. Om något känns stressigt eller för bra för att vara sant, ta en paus och ring själv upp, säger Sanna Holm, it-säkerhetskonsult.</p></blockquote>
<p>Den som har blivit lurad bör genast kontakta sin bank för att spärra kort och konton, och därefter polisanmäla bedrägeriet. Fler råd finns hos <a href="https://polisen.se">Polisen</a>.</p>`,
  },
  {
    title: 'Luleåbolag satsar på batterier av salt – pilotfabrik på gång',
    category: 'TEKNIK',
    author: 1,
    hoursAgo: 160,
    content: `Ett litet teknikbolag i Luleå vill göra batteritillverkningen billigare och mindre beroende av sällsynta metaller. Bolaget, som heter Saltcell, utvecklar så kallade natriumjonbatterier och har nu fått klartecken att bygga en pilotfabrik i ett av stadens industriområden.

I natriumjonbatterier ersätts litium med natrium, ett grundämne som finns i vanligt koksalt och som är betydligt billigare och lättare att få tag på. Tekniken är inte ny, men har länge haft svårt att konkurrera eftersom batterierna lagrar mindre energi per kilo.

– För en elbil som ska köra långt är litium fortfarande överlägset. Men för stationär lagring, till exempel i elnätet eller i bostadshus med solceller, spelar vikten mindre roll. Där tror vi att natrium kan slå igenom på bred front, säger Saltcells tekniska chef Ida Forsberg.

Pilotfabriken ska enligt planerna kunna ta emot sina första anställda inom ett år. Till en början handlar det om ett trettiotal tjänster, men om tekniken håller vad den lovar kan fabriken byggas ut kraftigt.

Batteriforskare som Väggen har talat med beskriver tekniken som lovande, men påpekar att vägen från pilotanläggning till storskalig produktion ofta är lång och dyr. Den svenska batteribranschen har dessutom fått flera bakslag på senare tid.

– Man ska vara ödmjuk inför hur svårt det är att skala upp. Men det är bra att det finns flera olika spår, säger en forskare vid ett svenskt universitet.`,
  },
  {
    title: 'AI-verktyg i skolan: lärare efterlyser tydligare regler',
    category: 'TEKNIK',
    author: 0,
    hoursAgo: 48,
    content: `<p>Allt fler elever använder AI-verktyg för att skriva texter, lösa mattetal och plugga inför prov. Men många lärare upplever att de står ensamma när det gäller att avgöra vad som är tillåtet och inte.</p>
<p>I en enkät bland drygt 900 lärare på högstadiet och gymnasiet, genomförd av lärarnätverket Skolforum, svarar sju av tio att de saknar tydliga riktlinjer från skolledningen eller huvudmannen om hur AI får användas i undervisningen och vid bedömning.</p>
<blockquote><p>– Vi förväntas både bedöma elevernas kunskaper och samtidigt avgöra om en text är skriven av en människa eller en maskin. Det är en orimlig arbetsbörda, säger Lars Persson, gymnasielärare i svenska och historia.</p></blockquote>
<h2>Det efterfrågar lärarna</h2>
<ul>
<li>Nationella riktlinjer om vad som räknas som fusk.</li>
<li>Fortbildning om hur AI kan användas som stöd i undervisningen.</li>
<li>Fler examinationer som görs på plats i skolan, muntligt eller för hand.</li>
</ul>
<p>Flera skolor har redan gått tillbaka till prov med papper och penna. Andra har valt motsatt väg och låter eleverna använda AI öppet, men kräver att de redovisar hur verktygen har använts.</p>
<p>Det finns redan visst stödmaterial från nationellt håll, men lärarna efterfrågar mer konkreta besked. Den som vill läsa mer kan hitta material om digitalisering i skolan på <a href="https://www.skolverket.se">skolverket.se</a>.</p>`,
  },
];

export const DEMO_ADS: DemoAd[] = [
  {
    title: 'Nyrostat kaffe från Kaffekvarnen',
    company: 'Kaffekvarnen',
    link_url: 'https://example.com/kaffekvarnen',
    color: '#7c2d12',
    tagline: 'Nyrostat kaffe varje vecka',
  },
  {
    title: 'Renovera med Björkbo Bygg',
    company: 'Björkbo Bygg',
    link_url: 'https://example.com/bjorkbo-bygg',
    color: '#166534',
    tagline: 'Från ritning till nyckel',
  },
  {
    title: 'Fjällresor – vandring i lugn takt',
    company: 'Fjällresor',
    link_url: 'https://example.com/fjallresor',
    color: '#1e3a8a',
    tagline: 'Upptäck fjällen i lugn takt',
  },
  {
    title: 'Färsk fisk från Sjöbodens Fisk',
    company: 'Sjöbodens Fisk',
    link_url: 'https://example.com/sjobodens-fisk',
    color: '#0e7490',
    tagline: 'Färsk fisk direkt från kajen',
  },
  {
    title: 'Cykelservice hos Cykelverket',
    company: 'Cykelverket',
    link_url: 'https://example.com/cykelverket',
    color: '#b45309',
    tagline: 'Service samma dag',
  },
];

/** Issue 41: a few readers' comments on the demo paper (on the newest articles; one answered). */
export interface DemoComment {
  /** Which of the newest articles (0 = the newest). */
  article: number;
  name: string;
  email: string;
  content: string;
  /** Answers the comment at this index of DEMO_COMMENTS. */
  replyTo?: number;
}

export const DEMO_COMMENTS: DemoComment[] = [
  {
    article: 0,
    name: 'Maria Ek',
    email: 'maria.ek@example.se',
    content: 'Bra att ni följer upp det här. Vi som bor i området har väntat länge på besked.',
  },
  {
    article: 0,
    name: 'Johan Berg',
    email: 'johan.berg@example.se',
    content: 'Vet man när beslutet ska tas i fullmäktige?',
  },
  {
    article: 0,
    name: 'Lena Holm',
    email: 'lena.holm@example.se',
    content: 'Det står i kallelsen att ärendet tas upp på sammanträdet nästa månad.',
    replyTo: 1,
  },
  {
    article: 1,
    name: 'Per Sandberg',
    email: 'per.sandberg@example.se',
    content: 'Intressant läsning. Skulle gärna se en karta över vilka orter som berörs.',
  },
  {
    article: 2,
    name: 'Sofia Nyström',
    email: 'sofia.nystrom@example.se',
    content: 'Tack för en nyanserad artikel, det är sällan man får båda sidorna beskrivna så här.',
  },
];
