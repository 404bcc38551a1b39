//! One seat's view of its game, for the fronts: what its player may do now and see of it. Every interaction about
//! a player's own move (a menu's click, the Confirm button, a typed move command, a keystroke of autocomplete, the My
//! view button) is one call here, which loads the game once and answers with only what that seat may see: a menu, a
//! preview drawn from the seat's own view, the move played, or a typed refusal. The fronts never hold the game.

use crate::language::{Lang, Text};
use crate::pictures::{Picture, Reader};
use crate::rules::Seat;
use crate::service::game::adapter::{Choice, Opt, Typed, MENU_OPTIONS};
use crate::service::game::any::AnyAction;
use crate::service::seat::Turn;
use crate::service::{Acted, Service, ServiceError, Table};
use crate::store::{self, GameRow, Status, Tx};
use crate::text;

/// Who asks about their seat, in which game, reading which language; `interaction` is the front's request that
/// asks (a Discord interaction: the same one twice plays once).
#[derive(Debug, Clone, Copy)]
pub struct Caller {
    pub game: i64,
    pub user: i64,
    pub lang: Lang,
    pub interaction: Option<i64>,
}

/// What a seat asks for.
#[derive(Debug, Clone, Copy)]
pub enum Ask<'a> {
    /// The menu after the values `path` chosen so far, seen at version `seen` (`None`: now); a path that completes
    /// a move is previewed.
    Menus { seen: Option<i64>, path: &'a [&'a str] },
    /// Plays the move `path` leads to, seen at version `seen` (the Confirm button).
    Confirm { seen: i64, path: &'a [&'a str] },
    /// A typed move command of the game.
    Typed(&'a Typed),
}

/// The next menu of a move: its prompt and options, and the version the seat chooses at.
#[derive(Debug, Clone, PartialEq)]
pub struct Menu {
    pub version: i64,
    pub prompt: Text,
    pub options: Vec<Opt>,
}

/// What the seat gets back.
#[derive(Debug)]
pub enum Answer {
    /// The seat is not due: nothing to choose now.
    Nothing,
    Menu(Menu),
    /// A whole move played on a copy, to confirm: its picture from the seat's own view, and its lines.
    Preview {
        version: i64,
        picture: Picture,
        lines: Vec<Text>,
    },
    Played(Acted),
}

/// What a player sees privately of their game: their hand (or the board, in games without), and the first menu of
/// their move when they are due.
#[derive(Debug)]
pub struct PrivateView {
    /// What it shows, naming the game as everywhere ("Your cards in **Meridian #2**.").
    pub note: Text,
    pub shown: Shown,
    /// Whether it shows a hand (else the board).
    pub hand: bool,
    pub menu: Option<Menu>,
}

/// A position as a player asked for it: a picture (with its alt text), or in words, one line per island, land or
/// pawn, for a screen reader.
#[derive(Debug)]
pub enum Shown {
    Picture(Picture),
    Words(Vec<String>),
}

impl Service {
    /// Answers one seat's request about its move, loading the game once.
    pub async fn step(&self, caller: &Caller, ask: Ask<'_>) -> Result<Answer, ServiceError> {
        match ask {
            Ask::Menus { seen, path } => self.menu_or_preview(caller, seen, path).await,
            Ask::Confirm { seen, path } => self.play_path(caller, seen, path).await,
            Ask::Typed(typed) => self.play_typed(caller, typed).await,
        }
    }

    /// The values autocomplete offers for `option` of a typed command, legal ones only (none when the caller is not
    /// due).
    pub async fn complete(&self, caller: &Caller, typed: &Typed, option: &str) -> Result<Vec<Opt>, ServiceError> {
        let (_, table, seat) = self.seated(caller).await?;
        if table.kind() != typed.kind || table.row.status != Status::Active || !table.due().contains(seat) {
            return Ok(Vec::new());
        }
        Ok(table.game.complete(seat, typed, option).into_iter().take(MENU_OPTIONS).collect())
    }

    /// What `caller` sees privately now ([`PrivateView`]).
    pub async fn private_view(&self, caller: &Caller, in_words: bool) -> Result<PrivateView, ServiceError> {
        let (mut tx, table, seat) = self.seated(caller).await?;
        let reader = Service::reader(&mut tx, caller, &table.row).await?;
        let menu = match self.choose(tx, &table, seat, None, &[]).await? {
            Some((version, Choice::Menu { prompt, options })) if !options.is_empty() => {
                Some(Menu { version, prompt, options })
            }
            _ => None,
        };
        let (hand, title) = (table.kind().hands(), table.kind().title());
        let note =
            text!(if hand { "discord-your-cards" } else { "discord-the-board" }, title = title, game = caller.game);
        let names = table.names();
        let shown = match in_words {
            true => Shown::Words(
                table
                    .game
                    .hand_words(&names, seat, reader.lang)
                    .unwrap_or_else(|| table.game.position_words(&names, reader.lang)),
            ),
            false => Shown::Picture(
                Service::off_runtime(move || {
                    let own = table.game.private_picture(&names, seat, reader);
                    own.unwrap_or_else(|| table.game.board_picture(&names, &[], reader))
                })
                .await?,
            ),
        };
        Ok(PrivateView { note, shown, hand, menu })
    }

    /// Who a caller's pictures are drawn for: their language, and the colours they chose (else the game's).
    pub(in crate::service) async fn reader(
        tx: &mut Tx,
        caller: &Caller,
        game: &GameRow,
    ) -> Result<Reader, ServiceError> {
        let palette = store::players::get(tx, caller.user).await?.palette().unwrap_or(game.palette);
        Ok(Reader { lang: caller.lang, palette })
    }

    /// The menu after `path`, or the whole move it completes, previewed.
    async fn menu_or_preview(&self, caller: &Caller, seen: Option<i64>, path: &[&str]) -> Result<Answer, ServiceError> {
        let (mut tx, table, seat) = self.seated(caller).await?;
        let reader = Service::reader(&mut tx, caller, &table.row).await?;
        match self.choose(tx, &table, seat, seen, path).await? {
            None => Ok(Answer::Nothing),
            Some((version, Choice::Menu { prompt, options })) => Ok(Answer::Menu(Menu { version, prompt, options })),
            Some((version, Choice::Done(actions))) => {
                let names = table.names();
                let preview = table.game.preview(seat, &actions, &names).map_err(ServiceError::Illegal)?;
                let lines = preview.played.iter().map(|p| p.line.clone()).collect();
                let picture = Service::off_runtime(move || preview.picture(&names, reader)).await?;
                Ok(Answer::Preview { version, picture, lines })
            }
        }
    }

    /// Plays the move `path` leads to, as `caller` saw it at `seen`: once (a click Discord delivers twice plays once).
    async fn play_path(&self, caller: &Caller, seen: i64, path: &[&str]) -> Result<Answer, ServiceError> {
        let mut moving = match self.open_move(caller.game, caller.user, caller.interaction).await? {
            Opened::Moving(moving) => moving,
            Opened::Done(acted) => return Ok(Answer::Played(acted)),
        };
        let chosen = Service::choose_in(&mut moving.tx, &moving.table, moving.seat, Some(seen), path).await?;
        // Not due (`None`) or a path that stops short of a whole move: nothing to play.
        let Some(Chosen { choice: Choice::Done(actions), .. }) = chosen else {
            return Err(ServiceError::NothingToChoose(caller.game));
        };
        self.commit_move(moving, actions).await.map(Answer::Played)
    }

    /// Plays a typed move command, read on the game as it stands.
    async fn play_typed(&self, caller: &Caller, typed: &Typed) -> Result<Answer, ServiceError> {
        let moving = match self.open_move(caller.game, caller.user, caller.interaction).await? {
            Opened::Moving(moving) => moving,
            Opened::Done(acted) => return Ok(Answer::Played(acted)),
        };
        let (table, seat) = (&moving.table, moving.seat);
        if table.kind() != typed.kind {
            return Err(ServiceError::OtherGame { game: caller.game, title: typed.kind.title() });
        }
        // Words that read as no move are refused as such, due or not; a move read is judged once the seat is due.
        let read = table.game.typed(seat, typed).map_err(ServiceError::Unread)?;
        Service::must_be_due(table, seat)?;
        let actions = read.map_err(ServiceError::Illegal)?;
        self.commit_move(moving, actions).await.map(Answer::Played)
    }

    /// Opens `user`'s move in `game` for the interaction that asks: in a write transaction, the game loaded once
    /// and the seat; or what the interaction did already, when it asks again (Discord delivers some twice).
    pub(in crate::service) async fn open_move(
        &self,
        game: i64,
        user: i64,
        interaction: Option<i64>,
    ) -> Result<Opened, ServiceError> {
        let mut tx = self.store.write().await?;
        if let Some(id) = interaction {
            match store::moves::by_interaction(&mut tx, id).await? {
                Some((played_in, done)) if played_in == game => return Ok(Opened::Done(Acted::duplicate(done.seq))),
                _ => {}
            }
        }
        let table = self.active(&mut tx, game).await?;
        let seat = table.seat(user)?;
        Ok(Opened::Moving(Box::new(Moving { tx, table, seat, interaction })))
    }

    /// Plays `actions`, the turn of the move opened (checked due by the caller), and commits.
    pub(in crate::service) async fn commit_move(
        &self,
        moving: Box<Moving>,
        actions: Vec<AnyAction>,
    ) -> Result<Acted, ServiceError> {
        let Moving { mut tx, table, seat, interaction } = *moving;
        let game_id = table.row.id;
        let turn = Turn { seat, actions, interaction, resigns: false, ran_out: false };
        let acted = self.play_out(&mut tx, table, Some(turn), Vec::new()).await?;
        store::seats::played(&mut tx, game_id, i64::from(seat)).await?;
        tx.commit().await?;
        Ok(acted)
    }

    /// The caller's game, loaded once in a read transaction (kept for what else the answer reads), and their seat.
    async fn seated(&self, caller: &Caller) -> Result<(Tx, Table, Seat), ServiceError> {
        let mut tx = self.store.read().await?;
        let table = self.started(&mut tx, caller.game).await?;
        let Some(seat) = table.seat_of(caller.user) else {
            return Err(Service::not_seated(&mut tx, &table, caller.user).await?);
        };
        Ok((tx, table, seat))
    }

    /// The step of choosing `seat`'s move after the values `path`, as it saw the game at version `seen` (`None`:
    /// now), recording a first choice that is final once made (the first recorded stands, from wherever it came).
    async fn choose(
        &self,
        mut tx: Tx,
        table: &Table,
        seat: Seat,
        seen: Option<i64>,
        path: &[&str],
    ) -> Result<Option<(i64, Choice<AnyAction>)>, ServiceError> {
        let chosen = Service::choose_in(&mut tx, table, seat, seen, path).await?;
        drop(tx);
        let Some(Chosen { version, choice, pledge }) = chosen else { return Ok(None) };
        if let Some(first) = pledge {
            let mut tx = self.store.write().await?;
            if !store::seats::set_pledge(&mut tx, table.row.id, i64::from(seat), table.row.version, &first).await? {
                let kept = Service::pledged(&mut tx, table, seat).await?.unwrap_or_default();
                if kept != first {
                    return Err(pledged_elsewhere(table, seat, kept));
                }
            }
            tx.commit().await?;
        }
        Ok(Some((version, choice)))
    }

    /// The step of choosing `seat`'s move after the values `path`: the version to play at and the menu or the whole
    /// move; `None` when it is not due. A path the menus do not offer, or a move made since `seen` that changed its
    /// choices, is refused as the game having moved on. A first choice that is final is kept once made, and nothing
    /// else offered afterwards.
    async fn choose_in(
        tx: &mut Tx,
        table: &Table,
        seat: Seat,
        seen: Option<i64>,
        path: &[&str],
    ) -> Result<Option<Chosen>, ServiceError> {
        let version = table.row.version;
        let seen = seen.unwrap_or(version);
        let moved_on = ServiceError::MovedOn { game: table.row.id, seen, now: version };
        if table.row.status != Status::Active || !table.due().contains(seat) {
            return if seen == version { Ok(None) } else { Err(moved_on) };
        }
        Service::still_open(tx, table, seat, seen).await?;
        let pledged = Service::pledged(tx, table, seat).await?;
        let Some(choice) = table.game.choices(seat, path) else { return Err(moved_on) };
        // What the seat saw still holds now: the menus built from here carry the version checked, so that the next
        // click compares with this one, not with the game as it was at the first menu.
        let chosen = |choice| Ok(Some(Chosen { version, choice, pledge: None }));
        match (path.first(), pledged) {
            (None, Some(kept)) => match choice {
                Choice::Menu { prompt, options } => {
                    chosen(Choice::Menu { prompt, options: options.into_iter().filter(|o| o.value == kept).collect() })
                }
                done => chosen(done),
            },
            (Some(first), Some(kept)) if *first != kept => Err(pledged_elsewhere(table, seat, kept)),
            (Some(first), None) if table.game.pledges(seat) => {
                Ok(Some(Chosen { version, choice, pledge: Some(first.to_string()) }))
            }
            _ => chosen(choice),
        }
    }

    /// What `seat` pledged at the game's present step, if it is due for one whose first choice is final.
    pub(in crate::service) async fn pledged(
        conn: &mut Tx,
        table: &Table,
        seat: Seat,
    ) -> Result<Option<String>, ServiceError> {
        if !table.game.pledges(seat) {
            return Ok(None);
        }
        let pledge = store::seats::pledge(conn, table.row.id, i64::from(seat)).await?;
        Ok(pledge.filter(|(version, _)| *version == table.row.version).map(|(_, value)| value))
    }

    /// Refuses a seat that is not due: whose turn it is, or the game's own reason.
    pub(in crate::service) fn must_be_due(table: &Table, seat: Seat) -> Result<(), ServiceError> {
        let due = table.due();
        if due.contains(seat) {
            return Ok(());
        }
        Err(table
            .game
            .not_due(seat)
            .map_or_else(|| ServiceError::NotYourTurn(table.names_of(due)), ServiceError::NotDue))
    }
}

/// A move being made: its write transaction, its game loaded once, the seat moving and the interaction asking.
pub(in crate::service) struct Moving {
    pub tx: Tx,
    pub table: Table,
    pub seat: Seat,
    interaction: Option<i64>,
}

/// A move opened ([`Service::open_move`]), or what its interaction did already.
pub(in crate::service) enum Opened {
    Moving(Box<Moving>),
    Done(Acted),
}

/// A step of choosing a move: the version chosen at, the menu or the whole move, and a first choice that is final
/// not yet recorded.
struct Chosen {
    version: i64,
    choice: Choice<AnyAction>,
    pledge: Option<String>,
}

/// The refusal of a choice other than the final one a seat made: "You chose Plank 4 (white) already…".
fn pledged_elsewhere(table: &Table, seat: Seat, kept: String) -> ServiceError {
    let label = match table.game.choices(seat, &[]) {
        Some(Choice::Menu { options, .. }) => options.into_iter().find(|o| o.value == kept).map(|o| o.label),
        _ => None,
    };
    ServiceError::Pledged(label.unwrap_or(Text::Said(kept)))
}
