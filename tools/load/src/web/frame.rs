//! What a page reads from the server's frames (docs/WEB.md, "The socket"): the table's id and
//! version, who sits and who is to act, and the buttons the reader can use now. Everything
//! else in a frame is skipped unread.

use serde::Deserialize;

/// A table state as one page saw it: (table id, version).
pub type Key = (i64, u64);

#[derive(Debug, Deserialize)]
struct Raw {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    public: Option<RawPublic>,
    #[serde(default)]
    buttons: Vec<Vec<RawButton>>,
    #[serde(default)]
    text: Option<String>,
}

#[derive(Debug, Deserialize)]
struct RawPublic {
    table: RawTable,
}

#[derive(Debug, Deserialize)]
struct RawTable {
    table_id: i64,
    version: u64,
    status: String,
    #[serde(default)]
    members: Vec<String>,
    #[serde(default)]
    view: Option<RawView>,
}

#[derive(Debug, Deserialize)]
struct RawView {
    #[serde(default)]
    players: Vec<RawPlayer>,
}

#[derive(Debug, Deserialize)]
struct RawPlayer {
    name: String,
    #[serde(default)]
    is_current: bool,
}

#[derive(Debug, Deserialize)]
struct RawButton {
    id: String,
}

/// The table as a state frame shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    pub key: Key,
    /// `lobby`, `running`, `finished`, `abandoned`.
    pub status: String,
    pub members: Vec<String>,
    /// Whose turn it is.
    pub current: Option<String>,
}

/// One state frame.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct State {
    /// `None`: no table at the place (yet).
    pub table: Option<Table>,
    /// The buttons the reader can use now.
    pub buttons: Vec<String>,
}

impl State {
    pub fn key(&self) -> Option<Key> {
        self.table.as_ref().map(|t| t.key)
    }
}

/// A frame from the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Frame {
    State(State),
    /// A refusal or a hint to this page alone.
    Notice(String),
    /// The server closes the socket.
    Bye,
    /// Anything else (`pong`).
    Other,
}

fn ids(rows: Vec<Vec<RawButton>>) -> Vec<String> {
    rows.into_iter().flatten().map(|b| b.id).collect()
}

impl Frame {
    /// Reads a text frame; if it is no frame of the protocol, why, and its beginning.
    pub fn parse(text: &str) -> Result<Frame, String> {
        let raw: Raw = serde_json::from_str(text).map_err(|e| {
            let start: String = text.chars().take(200).collect();
            format!("{e}: {start}")
        })?;
        Ok(match raw.kind.as_str() {
            "state" => Frame::State(State {
                table: raw.public.map(|p| Table {
                    key: (p.table.table_id, p.table.version),
                    status: p.table.status,
                    members: p.table.members,
                    current: p
                        .table
                        .view
                        .and_then(|v| v.players.into_iter().find(|p| p.is_current))
                        .map(|p| p.name),
                }),
                buttons: ids(raw.buttons),
            }),
            "notice" => Frame::Notice(raw.text.unwrap_or_default()),
            "bye" => Frame::Bye,
            _ => Frame::Other,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_state_frame() {
        let text = r#"{"type":"state","place":"x","you":{"id":"telegram:1","name":"Anna","seated":true},
            "public":{"text":"…","table":{"table_id":7,"version":12,"status":"running",
              "members":["Anna","Ben"],"view":{"players":[{"name":"Anna","is_current":false},
              {"name":"Ben","is_current":true}]}}},
            "private":{"text":"…","view":{}},
            "buttons":[[{"id":"v1:r:7:c","label":"W","style":"x"},{"id":"v1:s:7:c","label":"S","style":"x"}]]}"#;
        let Ok(Frame::State(state)) = Frame::parse(text) else {
            panic!("a state");
        };
        let table = state.table.as_ref().expect("a table");
        assert_eq!(table.key, (7, 12));
        assert_eq!(table.current.as_deref(), Some("Ben"));
        assert_eq!(state.buttons, ["v1:r:7:c", "v1:s:7:c"]);
        let empty = Frame::parse(r#"{"type":"state","public":null,"private":null}"#);
        assert_eq!(empty, Ok(Frame::State(State::default())));
        assert_eq!(
            Frame::parse(r#"{"type":"notice","text":"nein","private":true}"#),
            Ok(Frame::Notice("nein".into()))
        );
        assert!(Frame::parse("nonsense").is_err());
    }
}
