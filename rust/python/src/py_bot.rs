use std::time::Duration;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use salon_engine::salon_core::Xoshiro256StarStar;
use salon_engine::salon_search::bots::{Bot as CoreBot, BotConfig, BotKind};

use crate::convert;
use crate::errors::{IntoPyResult, InvalidParameterError};
use crate::gil::interruptible;
use crate::handles::Game;
use crate::handles::State;
use crate::py_network::Network;
use crate::shared::Shared;
use salon_engine::{AnyState, NetworkBot};

/// A native bot: `"random"`, `"greedy"` (best score gain over the rest of the turn) or
/// `"mcts"` (UCT with max^n backup; information-set MCTS in games with hidden information).
///
/// `step(state)` returns the chosen action id without changing the state. The bot's
/// generator advances with each call: the same seed and the same sequence of calls give the
/// same moves (unless `time_limit` is set, which makes the simulation count machine-dependent).
///
/// Threads: one call at a time; a call while another thread is inside one raises
/// `ConcurrentUseError` and does nothing.
#[pyclass(module = "salon", name = "Bot", frozen)]
pub struct Bot {
    inner: Shared<BotInner>,
}

struct BotInner {
    bot: CoreBot,
    rng: Xoshiro256StarStar,
    seed: u64,
    /// `Bot("network")`: the network and its search (built for the first state's game
    /// when no network was given: the shipped network of that game).
    network: Option<NetworkSeat>,
}

struct NetworkSeat {
    /// The network given, if any.
    given: Option<Py<Network>>,
    simulations: u32,
    leaves_per_step: u32,
    /// `None`: the network file's `salon.rollout_mix` (0 where it has none).
    rollout_mix: Option<f32>,
    bot: Option<(Py<Network>, NetworkBot)>,
}

impl NetworkSeat {
    /// The network bot for `state`'s game: the given network's, or the shipped one.
    fn bot_for(
        &mut self,
        py: Python<'_>,
        state: &AnyState,
        seed: u64,
    ) -> PyResult<&mut NetworkBot> {
        let game = state.game();
        let fits = matches!(&self.bot, Some((_, b)) if b.game() == &game);
        if !fits {
            let net: Py<Network> = match &self.given {
                Some(n) => n.clone_ref(py),
                None => {
                    let py_game = Py::new(
                        py,
                        Game {
                            inner: game.clone(),
                        },
                    )?;
                    py.import("salon.agents")?
                        .call_method1("shipped_network", (py_game,))?
                        .extract()?
                }
            };
            let core = NetworkBot::new(
                net.get().inner.clone(),
                &game,
                self.simulations,
                self.leaves_per_step,
                self.rollout_mix,
                seed,
            )
            .py()?;
            self.bot = Some((net, core));
        }
        match &mut self.bot {
            Some((_, b)) => Ok(b),
            None => Err(pyo3::exceptions::PyRuntimeError::new_err("no network bot")),
        }
    }
}

#[pymethods]
impl Bot {
    #[new]
    #[pyo3(signature = (kind=None, *, simulations=None, seed=None, time_limit=None, exploration=None, network=None, leaves_per_step=None, rollout_mix=None))]
    fn new(
        kind: Option<&Bound<'_, PyAny>>,
        simulations: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        time_limit: Option<&Bound<'_, PyAny>>,
        exploration: Option<&Bound<'_, PyAny>>,
        network: Option<&Bound<'_, PyAny>>,
        leaves_per_step: Option<&Bound<'_, PyAny>>,
        rollout_mix: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        use crate::convert::{param_error, str_arg, uint_arg};
        let kind = match kind {
            Some(k) if !k.is_none() => str_arg(k, "invalid parameter \"kind\":", param_error)?,
            _ => "mcts".to_string(),
        };
        let kind = kind.as_str();
        let is_network = kind.trim().eq_ignore_ascii_case("network");
        let simulations = match simulations {
            Some(v) if !v.is_none() => uint_arg(
                v,
                "invalid parameter \"simulations\":",
                u32::MAX as u64,
                param_error,
            )? as u32,
            _ if is_network => 200,
            _ => 1000,
        };
        let given = match network {
            Some(n) if !n.is_none() => Some(n.cast::<Network>().map_err(|_| {
                param_error(format!(
                    "invalid parameter \"network\": a salon.Network (salon.Network.load(path, game)), got {}",
                    n.get_type().name().map(|t| t.to_string()).unwrap_or_default()
                ))
            })?.clone().unbind()),
            _ => None,
        };
        let leaves_per_step = match leaves_per_step {
            Some(v) if !v.is_none() => {
                if !is_network {
                    return Err(param_error(format!("invalid parameter \"leaves_per_step\": only Bot(\"network\") takes it, not Bot({kind:?})")));
                }
                let l = uint_arg(
                    v,
                    "invalid parameter \"leaves_per_step\":",
                    256,
                    param_error,
                )? as u32;
                if l == 0 {
                    return Err(param_error(
                        "invalid parameter \"leaves_per_step\": from 1 to 256, got 0".into(),
                    ));
                }
                l
            }
            _ => NetworkBot::DEFAULT_LEAVES_PER_STEP,
        };
        if given.is_some() && !is_network {
            return Err(param_error(format!("invalid parameter \"network\": only Bot(\"network\") takes a network, not Bot({kind:?})")));
        }
        let seed = match seed {
            Some(v) if !v.is_none() => {
                uint_arg(v, "invalid parameter \"seed\":", u64::MAX, param_error)?
            }
            _ => 0,
        };
        let float = |v: Option<&Bound<'_, PyAny>>, what: &str| -> PyResult<Option<f64>> {
            match v {
                Some(v) if !v.is_none() => {
                    if v.is_instance_of::<pyo3::types::PyBool>() {
                        return Err(param_error(format!(
                            "invalid parameter \"{what}\": a number, not a bool"
                        )));
                    }
                    v.extract::<f64>().map(Some).map_err(|_| {
                        param_error(format!(
                            "invalid parameter \"{what}\": expected a number, got {v}"
                        ))
                    })
                }
                _ => Ok(None),
            }
        };
        let rollout_mix = match float(rollout_mix, "rollout_mix")? {
            None => None,
            Some(_) if !is_network => {
                return Err(param_error(format!("invalid parameter \"rollout_mix\": only Bot(\"network\") takes it, not Bot({kind:?})")));
            }
            Some(x) if (0.0..=1.0).contains(&x) => Some(x as f32),
            Some(x) => {
                return Err(param_error(format!(
                    "invalid parameter \"rollout_mix\": from 0 to 1, got {x}"
                )))
            }
        };
        let time_limit = float(time_limit, "time_limit")?;
        let exploration = float(exploration, "exploration")?.unwrap_or(std::f64::consts::SQRT_2);
        let time_limit = match time_limit {
            None => None,
            Some(t) if t.is_finite() && t > 0.0 && t < 1e6 => Some(Duration::from_secs_f64(t)),
            Some(t) => {
                return Err(InvalidParameterError::new_err(format!(
                    "invalid parameter \"time_limit\": expected seconds above 0, got {t}"
                )))
            }
        };
        if is_network {
            if time_limit.is_some() {
                return Err(param_error("invalid parameter \"time_limit\": a network bot searches a number of simulations".into()));
            }
            if !(1..=1 << 20).contains(&simulations) {
                return Err(param_error(format!(
                    "invalid parameter \"simulations\": from 1 to {}, got {simulations}",
                    1 << 20
                )));
            }
            let inner = BotInner {
                bot: CoreBot::new(BotConfig {
                    simulations,
                    ..BotConfig::default()
                }),
                rng: Xoshiro256StarStar::seed_from_u64(seed),
                seed,
                network: Some(NetworkSeat {
                    given,
                    simulations,
                    leaves_per_step,
                    rollout_mix,
                    bot: None,
                }),
            };
            return Ok(Bot {
                inner: Shared::new(inner, "Bot"),
            });
        }
        let config = BotConfig {
            kind: BotKind::from_name(kind).py()?,
            simulations,
            time_limit,
            exploration,
            ..BotConfig::default()
        };
        config.validate().py()?;
        let inner = BotInner {
            bot: CoreBot::new(config),
            rng: Xoshiro256StarStar::seed_from_u64(seed),
            seed,
            network: None,
        };
        Ok(Bot {
            inner: Shared::new(inner, "Bot"),
        })
    }

    #[getter]
    fn kind(&self) -> PyResult<&'static str> {
        let this = self.inner.read()?;
        Ok(if this.network.is_some() {
            "network"
        } else {
            this.bot.config.kind.name()
        })
    }

    /// Leaves per network call of a network bot (`None` for other bots).
    #[getter]
    fn leaves_per_step(&self) -> PyResult<Option<u32>> {
        Ok(self
            .inner
            .read()?
            .network
            .as_ref()
            .map(|n| n.leaves_per_step))
    }

    /// The share of a random playout in a network bot's leaf values: the one given, else the
    /// network file's once the bot has its network (`None` before that, and for other bots).
    #[getter]
    fn rollout_mix(&self) -> PyResult<Option<f64>> {
        Ok(self.inner.read()?.network.as_ref().and_then(|n| {
            n.rollout_mix
                .or_else(|| n.bot.as_ref().map(|(_, b)| b.rollout_mix()))
                .map(convert::setting_to_py)
        }))
    }

    /// The network of a network bot: the one given, or the shipped one it loaded (`None`
    /// before its first move, and for other bots).
    #[getter]
    fn network(&self, py: Python<'_>) -> PyResult<Option<Py<Network>>> {
        let this = self.inner.read()?;
        Ok(this.network.as_ref().and_then(|n| {
            n.bot
                .as_ref()
                .map(|(net, _)| net.clone_ref(py))
                .or_else(|| n.given.as_ref().map(|g| g.clone_ref(py)))
        }))
    }

    #[getter]
    fn simulations(&self) -> PyResult<u32> {
        Ok(self.inner.read()?.bot.config.simulations)
    }

    /// Seconds of search per MCTS decision (`None`: a fixed number of simulations).
    #[getter]
    fn time_limit(&self) -> PyResult<Option<f64>> {
        Ok(self
            .inner
            .read()?
            .bot
            .config
            .time_limit
            .map(|t| t.as_secs_f64()))
    }

    /// MCTS's UCT exploration constant.
    #[getter]
    fn exploration(&self) -> PyResult<f64> {
        Ok(self.inner.read()?.bot.config.exploration)
    }

    /// The seed the generator last started from. Setting it restarts the generator, as
    /// `reseed(seed)` does.
    #[getter]
    fn seed(&self) -> PyResult<u64> {
        Ok(self.inner.read()?.seed)
    }

    #[setter(seed)]
    fn set_seed(&self, seed: &Bound<'_, PyAny>) -> PyResult<()> {
        self.reseed(seed)
    }

    /// Restarts the bot's generator from `seed`: afterwards the bot chooses exactly as a new
    /// `Bot` of the same settings and that seed would (adapters call it on `reset(seed=...)`).
    fn reseed(&self, seed: &Bound<'_, PyAny>) -> PyResult<()> {
        use crate::convert::{param_error, uint_arg};
        let seed = uint_arg(seed, "invalid parameter \"seed\":", u64::MAX, param_error)?;
        let mut this = self.inner.write()?;
        this.rng = Xoshiro256StarStar::seed_from_u64(seed);
        this.seed = seed;
        if let Some(n) = &mut this.network {
            if let Some((_, b)) = &mut n.bot {
                b.reseed(seed);
            }
        }
        Ok(())
    }

    /// The action this bot chooses for the player to move (the GIL is released while it
    /// searches). Raises `WrongNodeError` at chance and terminal nodes.
    fn step(&self, py: Python<'_>, state: &Bound<'_, PyAny>) -> PyResult<u32> {
        let state = state.cast::<State>().map_err(|_| {
            crate::convert::param_error(format!(
                "invalid parameter \"state\": a salon.State, got {state}"
            ))
        })?;
        let inner = state.get().inner.read()?;
        let inner = &*inner;
        if self.inner.read()?.network.is_some() {
            let mut this = self.inner.write()?;
            let this = &mut *this;
            let seed = this.seed;
            let Some(seat) = &mut this.network else {
                unreachable!("checked above")
            };
            let bot = seat.bot_for(py, inner, seed)?;
            return crate::gil::without_gil(py, || bot.choose(inner)).py();
        }
        // On Ctrl-C the bot's generator stays where it was, so the next call repeats this one.
        let mut this = self.inner.write()?;
        let this = &mut *this;
        let mut rng = this.rng.clone();
        let bot = &mut this.bot;
        let action = interruptible(py, |stop| inner.bot_choose_with_stop(bot, &mut rng, stop))?;
        this.rng = rng;
        Ok(action)
    }

    /// What a network bot thinks of `state`, from the player to move's information only:
    /// every legal move with its prior, visits and mean value (win share), the move it
    /// chooses (the next `step(state)` plays it), the principal variation and the root value
    /// of every player, as a `salon.Analysis`. Does not advance the bot.
    fn analyse(&self, py: Python<'_>, state: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let state_cell = state.cast::<State>().map_err(|_| {
            crate::convert::param_error(format!(
                "invalid parameter \"state\": a salon.State, got {state}"
            ))
        })?;
        let analysis = {
            let inner = state_cell.get().inner.read()?;
            let inner = &*inner;
            let mut this = self.inner.write()?;
            let this = &mut *this;
            let seed = this.seed;
            let Some(seat) = &mut this.network else {
                return Err(crate::convert::param_error(format!(
                    "analyse needs a network bot (Bot(\"network\", ...)), this is Bot({:?})",
                    this.bot.config.kind.name()
                )));
            };
            let bot = seat.bot_for(py, inner, seed)?;
            let simulations = bot.simulations();
            let a = crate::gil::without_gil(py, || bot.analyse(inner)).py()?;
            (a, simulations)
        };
        let (a, simulations) = analysis;
        let moves = PyList::empty(py);
        for m in &a.moves {
            moves.append((m.action, m.prior, m.visits, m.value))?;
        }
        let d = PyDict::new(py);
        d.set_item("player", a.player)?;
        d.set_item("moves", moves)?;
        d.set_item("chosen", a.chosen)?;
        d.set_item("principal_variation", a.principal_variation.clone())?;
        d.set_item("root_values", a.root_values.clone())?;
        d.set_item("simulations", simulations)?;
        Ok(py
            .import("salon.analysis")?
            .getattr("Analysis")?
            .call_method1("_from_core", (state, d))?
            .unbind())
    }

    /// The statistics of the last MCTS or network decision: simulations, tree size (`None`
    /// for a network bot) and, per root action, its visits and mean return (a network bot's:
    /// the mean value, `None` for a move no simulation tried). `None` after a random or
    /// greedy decision, and before the first.
    fn last_stats<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let this = self.inner.read()?;
        if let Some(seat) = &this.network {
            let Some((_, bot)) = &seat.bot else {
                return Ok(None);
            };
            let Some(a) = bot.last_choice() else {
                return Ok(None);
            };
            let d = PyDict::new(py);
            d.set_item("simulations", bot.simulations())?;
            d.set_item("tree_nodes", py.None())?;
            d.set_item("chosen", a.chosen)?;
            let root = PyList::empty(py);
            for m in &a.moves {
                let e = PyDict::new(py);
                e.set_item("action", m.action)?;
                e.set_item("visits", m.visits)?;
                e.set_item("mean_return", m.value)?;
                root.append(e)?;
            }
            d.set_item("root", root)?;
            return Ok(Some(d));
        }
        let Some(stats) = this.bot.last_stats() else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        d.set_item("simulations", stats.simulations)?;
        d.set_item("tree_nodes", stats.tree_nodes)?;
        d.set_item("chosen", stats.chosen)?;
        let root = PyList::empty(py);
        for r in &stats.root {
            let e = PyDict::new(py);
            e.set_item("action", r.action)?;
            e.set_item("visits", r.visits)?;
            e.set_item("mean_return", r.mean_return)?;
            root.append(e)?;
        }
        d.set_item("root", root)?;
        Ok(Some(d))
    }

    /// Jupyter's rich display (kind and settings), written by `salon._html`.
    fn _repr_html_(slf: &Bound<'_, Self>) -> PyResult<String> {
        slf.py()
            .import("salon._html")?
            .call_method1("bot_html", (slf,))?
            .extract()
    }

    fn __repr__(&self) -> PyResult<String> {
        let this = self.inner.read()?;
        if let Some(n) = &this.network {
            return Ok(format!(
                "Bot('network', simulations={}, leaves_per_step={}, seed={})",
                n.simulations, n.leaves_per_step, this.seed
            ));
        }
        Ok(match this.bot.config.kind {
            BotKind::Mcts => format!(
                "Bot('mcts', simulations={}, seed={})",
                this.bot.config.simulations, this.seed
            ),
            k => format!("Bot({:?}, seed={})", k.name(), this.seed),
        })
    }
}
