/*
 * bezel-kwin: Bezel's edge affordance drawn in KWin (affordance.h).
 */
#include "affordance.h"

#include "shell.h"

#include <QPaintEvent>
#include <QPainter>
#include <QRasterWindow>
#include <QVariant>

#include <bezel-demo-panels.h>

// One pill. Frameless, above everything, transparent for input: KWin's hit-test skips an
// internal window whose `outputOnly` property is set (InternalWindow::hitTest), so a touch on
// the pill still reaches Bezel and the app below; it takes no focus; BypassWindowManagerHint
// keeps KWin's placement (maximizing, in Plasma Mobile) from moving it.
class AffordanceBar : public QRasterWindow
{
public:
    AffordanceBar(uint32_t outputId, uint32_t edge)
        : m_outputId(outputId)
        , m_edge(edge)
    {
        setFlags(Qt::FramelessWindowHint | Qt::WindowStaysOnTopHint | Qt::WindowTransparentForInput
                 | Qt::WindowDoesNotAcceptFocus | Qt::BypassWindowManagerHint);
        setProperty("outputOnly", true);
        QSurfaceFormat format;
        format.setAlphaBufferSize(8);
        setFormat(format);
        setTitle(QStringLiteral("Bezel affordance"));
    }

protected:
    void paintEvent(QPaintEvent *) override
    {
        const QRect local(QPoint(), size());
        QPainter p(this);
        p.setCompositionMode(QPainter::CompositionMode_Source);
        p.fillRect(local, Qt::transparent);
        p.setCompositionMode(QPainter::CompositionMode_SourceOver);
        p.setRenderHint(QPainter::Antialiasing);
        // The other hosts' colour (a light grey, 85 % opaque), outlined so it shows on light apps.
        p.setPen(QPen(QColor(40, 40, 48, 160), 1));
        p.setBrush(QColor(235, 235, 242, 217));
        const qreal r = qMin(width(), height()) / 2.0;
        p.drawRoundedRect(QRectF(local).adjusted(0.5, 0.5, -0.5, -0.5), r, r);
        const QRect g = geometry();
        qCInfo(BEZEL_KWIN, "bezel: affordance drawn edge=%u output=%u at %d,%d %dx%d", m_edge, m_outputId, g.x(),
               g.y(), g.width(), g.height());
    }

private:
    uint32_t m_outputId;
    uint32_t m_edge;
};

Affordances::Affordances() = default;
Affordances::~Affordances() = default;

void Affordances::set(uint32_t outputId, const QRect &output, uint32_t edge, bool shown)
{
    const uint64_t key = uint64_t(outputId) << 32 | edge;
    auto it = m_bars.find(key);
    if (!shown || output.isEmpty()) {
        if (it != m_bars.end()) {
            it->second->hide();
        }
        return;
    }
    // The same box as the other hosts' bars (bezel-demo-panels.h), in the output's layout.
    const bezel_demo_box b = bezel_demo_affordance_box(edge, output.width(), output.height());
    if (b.width <= 0 || b.height <= 0) {
        return;
    }
    if (it == m_bars.end()) {
        it = m_bars.emplace(key, std::make_unique<AffordanceBar>(outputId, edge)).first;
    }
    it->second->setGeometry(output.x() + b.x, output.y() + b.y, b.width, b.height);
    it->second->show();
    it->second->update();
}
