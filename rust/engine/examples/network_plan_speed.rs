//! Times one network file at a batch size: the symbolic plan against a plan made for that
//! size. `cargo run --release -p salon-engine --example network_plan_speed -- FILE OBS_SIZE BATCH`
use std::collections::HashMap;
use std::time::Instant;

use tract_onnx::prelude::*;

fn main() -> TractResult<()> {
    let args: Vec<String> = std::env::args().collect();
    let (file, obs, batch): (&str, usize, usize) = (&args[1], args[2].parse()?, args[3].parse()?);
    let mut model = tract_onnx::onnx().model_for_path(file)?;
    let n = model.symbols.sym("N");
    model.set_input_fact(
        0,
        InferenceFact::dt_shape(DatumType::F32, vec![n.to_dim(), obs.to_dim()]),
    )?;
    let typed = model.into_typed()?.into_decluttered()?;
    let symbolic = typed.clone().into_optimized()?.into_runnable()?;
    let mut subs = HashMap::new();
    subs.insert(n.clone(), (batch as i64).to_dim());
    let t = Instant::now();
    let concrete = typed
        .set_symbols(&subs)?
        .into_optimized()?
        .into_runnable()?;
    println!(
        "concrete plan made in {:.1} ms",
        t.elapsed().as_secs_f64() * 1e3
    );
    let x: Tensor = tract_ndarray::Array2::<f32>::from_elem((batch, obs), 0.3).into();
    for (name, plan) in [("symbolic", &symbolic), ("concrete", &concrete)] {
        plan.run(tvec!(x.clone().into()))?;
        let t = Instant::now();
        for _ in 0..50 {
            plan.run(tvec!(x.clone().into()))?;
        }
        let dt = t.elapsed().as_secs_f64() / 50.0;
        println!(
            "{name}: {:.2} ms per batch, {:.1}k rows/s",
            dt * 1e3,
            batch as f64 / dt / 1e3
        );
    }
    Ok(())
}
