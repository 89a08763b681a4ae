//! The list of registered games. Adding a game: a line in `registry!` and a line in
//! `each_game!`.

use std::sync::Arc;

use salon_core::{Game, TrackedState};

macro_rules! registry {
    ($($variant:ident: $ty:ty),* $(,)?) => {
        /// A built game of any registered kind.
        #[derive(Clone, Debug)]
        pub enum AnyGame {
            $($variant(Arc<$ty>)),*
        }

        /// A tracked state of any registered game.
        #[derive(Clone, Debug)]
        pub enum AnyState {
            $($variant(TrackedState<$ty>)),*
        }

        /// A batch of games of any registered kind.
        pub enum AnyBatch {
            $($variant(salon_search::batch::BatchEnv<$ty>)),*
        }

        /// A batched search of any registered game (see `AnySearch`).
        pub enum AnySearcher {
            $($variant(salon_search::BatchedSearch<$ty>)),*
        }

        /// A search with its own evaluator, of any registered game (see `AnyNetworkSearch`).
        pub enum AnyEvaluatorSearcher {
            $($variant(salon_search::EvaluatorSearch<$ty>)),*
        }

        $(
            impl From<salon_search::batch::BatchEnv<$ty>> for AnyBatch {
                fn from(b: salon_search::batch::BatchEnv<$ty>) -> Self {
                    AnyBatch::$variant(b)
                }
            }

            impl From<salon_search::BatchedSearch<$ty>> for AnySearcher {
                fn from(s: salon_search::BatchedSearch<$ty>) -> Self {
                    AnySearcher::$variant(s)
                }
            }

            impl From<salon_search::EvaluatorSearch<$ty>> for AnyEvaluatorSearcher {
                fn from(s: salon_search::EvaluatorSearch<$ty>) -> Self {
                    AnyEvaluatorSearcher::$variant(s)
                }
            }

            impl From<Arc<$ty>> for AnyGame {
                fn from(g: Arc<$ty>) -> Self {
                    AnyGame::$variant(g)
                }
            }

            impl From<TrackedState<$ty>> for AnyState {
                fn from(s: TrackedState<$ty>) -> Self {
                    AnyState::$variant(s)
                }
            }
        )*

        /// Builds a game by engine name, or `None` when no game has that name.
        pub(crate) fn build_game(
            name: &str,
            params: &salon_core::Params,
            components: Option<&str>,
        ) -> Option<salon_core::SalonResult<AnyGame>> {
            $(
                if name == <$ty as Game>::info().name {
                    return Some(<$ty>::with_params(params, components).map(|g| AnyGame::$variant(Arc::new(g))));
                }
            )*
            None
        }

        /// Every registered game, in registration order.
        pub fn catalogue() -> Vec<crate::catalogue::GameEntry> {
            vec![$(crate::catalogue::GameEntry::of::<$ty>()),*]
        }
    };
}

registry! {
    AzulSintra: salon_azul_sintra::AzulSintra,
    AtelierStudio: salon_atelier_studio::AtelierStudio,
    AtelierCanvas: salon_atelier_canvas::AtelierCanvas,
    ColorsOfParis: salon_colors_of_paris::ColorsOfParis,
}

/// Runs `$body` with `$x` bound to the inner value of an `AnyGame` or `AnyState` (same
/// variant names in both enums).
macro_rules! each_game {
    ($value:expr, $enum:ident, $x:ident => $body:expr) => {
        match $value {
            $enum::AzulSintra($x) => $body,
            $enum::AtelierStudio($x) => $body,
            $enum::AtelierCanvas($x) => $body,
            $enum::ColorsOfParis($x) => $body,
        }
    };
}
pub(crate) use each_game;
